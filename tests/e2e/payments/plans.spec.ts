import Stripe from "stripe";
import { expect, test, type Page } from "playwright/test";
import { docShot, signIn, signInChina } from "../helpers";
import { E2E_SERVERS, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET } from "../env";

// Issue 11 "Plans and usage" (the plans page) and "Card subscriptions (Stripe)":
// prices in the edition's currency, the monthly/yearly switch, the current plan
// marked, and checkout through the loopback Stripe server to the success page,
// which turns from processing to success once the test's signed webhook lands.

const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;

async function sendWebhook(type: string, object: unknown) {
  const payload = JSON.stringify({ id: `evt_e2e_${Date.now()}_${type}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  return fetch(`${E2E_SERVERS.local.baseUrl}/api/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
}

async function openPlans(page: Page) {
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("plans-page")).toBeVisible();
}

test("plans in dollars with a monthly/yearly switch; checkout by card reaches the success page once the webhook lands", async ({ page }) => {
  await signIn(page, "e2e-plans@example.com");
  await openPlans(page);
  await expect(page.getByTestId("plans-page")).toHaveAttribute("data-currency", "USD");
  await expect(page.getByTestId("plan-free")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("price-pro")).toHaveText("$19.99 / month");
  await page.getByRole("radio", { name: "Yearly" }).click();
  await expect(page.getByTestId("price-pro")).toHaveText("$199.90 / year");
  await expect(page.getByTestId("card-not-configured")).toHaveCount(0);
  await page.screenshot({ path: docShot("payment-plans-1280-en.png") });

  await page.getByRole("radio", { name: "Monthly" }).click();
  await page.getByTestId("buy-pro").click();
  // The loopback "hosted checkout" takes the payment and sends the browser back.
  await page.waitForURL(/\/transcribe\/payment\/success\?session_id=cs_test_/);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "processing");
  const sessionId = new URL(page.url()).searchParams.get("session_id")!;

  const paid = (await (await fetch(`${STRIPE}/test/sessions/${sessionId}`)).json()) as { session: unknown };
  const forged = await fetch(`${E2E_SERVERS.local.baseUrl}/api/payments/stripe/webhook`, { method: "POST", headers: { "stripe-signature": "t=1,v1=00" }, body: JSON.stringify(paid) });
  expect(forged.status).toBe(400);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "processing");
  expect((await sendWebhook("checkout.session.completed", paid.session)).status).toBe(200);

  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "success");
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await openPlans(page);
  await expect(page.getByTestId("plan-pro")).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("buy-pro")).toHaveCount(0);
});

test("the China edition shows yuan", async ({ page }) => {
  await signInChina(page, "e2e-plans-cny@example.com");
  await openPlans(page);
  await expect(page.getByTestId("plans-page")).toHaveAttribute("data-currency", "CNY");
  await expect(page.getByTestId("price-pro")).toContainText("68");
  await expect(page.getByTestId("price-pro")).toContainText("¥");
  await page.getByRole("radio").nth(1).click();
  await expect(page.getByTestId("price-pro")).toContainText("680");
  await page.screenshot({ path: docShot("payment-plans-1280-cny.png") });
});

test("the cancel page offers the plans again", async ({ page }) => {
  await signIn(page, "e2e-plans-cancel@example.com");
  await page.goto("/transcribe/payment/cancel");
  await expect(page.getByTestId("payment-cancel")).toBeVisible();
  await page.getByRole("link", { name: "Back to the plans" }).click();
  await expect(page.getByTestId("plans-page")).toBeVisible();
});

test.describe("a server without a Stripe key", () => {
  test.use({ baseURL: E2E_SERVERS.ai.baseUrl });
  test("says card payment is not set up and offers no checkout", async ({ page }) => {
    await signIn(page, "e2e-plans-nokey@example.com");
    await openPlans(page);
    await expect(page.getByTestId("card-not-configured")).toHaveText("Card payment is not set up on this server.");
    await expect(page.getByTestId("buy-pro")).toBeDisabled();
  });
});
