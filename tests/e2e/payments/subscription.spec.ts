import Stripe from "stripe";
import { expect, test, type Page } from "playwright/test";
import { docShot, signIn } from "../helpers";
import { E2E_SERVERS, E2E_STRIPE_PORT, E2E_STRIPE_WEBHOOK_SECRET } from "../env";

// Issue 11 "Subscription management" and "Renewal reminder": a card subscription
// bought through the loopback Stripe server, then canceled and continued from the
// subscription card on the plans page; the cancel-at-period-end reminder is
// dismissed for 24 hours through its stored record (localStorage renewal_reminder_dismissed).

const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;

async function sendWebhook(type: string, object: unknown) {
  const payload = JSON.stringify({ id: `evt_e2e_sub_${Date.now()}_${type}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: E2E_STRIPE_WEBHOOK_SECRET });
  return fetch(`${E2E_SERVERS.local.baseUrl}/api/payments/stripe/webhook`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
}

/** Signs in and subscribes to Pro by card, as a buyer would. */
async function subscribePro(page: Page, email: string) {
  await signIn(page, email);
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("subscription-card")).toHaveAttribute("data-status", "none");
  await page.getByTestId("buy-pro").click();
  await page.waitForURL(/\/transcribe\/payment\/success\?session_id=cs_test_/);
  const sessionId = new URL(page.url()).searchParams.get("session_id")!;
  const paid = (await (await fetch(`${STRIPE}/test/sessions/${sessionId}`)).json()) as { session: unknown };
  expect((await sendWebhook("checkout.session.completed", paid.session)).status).toBe(200);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "success");
  await page.goto("/transcribe/payment/plans");
}

test("cancel at period end and continue from the subscription card; the reminder is dismissed for 24 hours", async ({ page }) => {
  await subscribePro(page, `e2e-subs-${Date.now()}@example.com`);
  const card = page.getByTestId("subscription-card");
  await expect(card).toHaveAttribute("data-status", "active");
  await expect(card.getByRole("heading", { name: "Pro subscription" })).toBeVisible();
  await expect(page.getByTestId("subscription-badge")).toHaveText("Active");
  await expect(card).toContainText("$19.99 / month");
  await expect(card).toContainText("Card (renews automatically)");
  // An automatically renewing card subscription needs no reminder.
  await expect(page.getByTestId("renewal-reminder")).toHaveCount(0);

  await page.getByTestId("subscription-cancel").click();
  await expect(card).toHaveAttribute("data-status", "canceling");
  await expect(page.getByTestId("subscription-badge")).toHaveText("Canceled at period end");
  await expect(card).toContainText("Your benefits stay until");
  // The plan stays Pro until the period ends.
  await expect(page.getByTestId("plan-pro")).toHaveAttribute("aria-current", "true");

  const reminder = page.getByTestId("renewal-reminder");
  await page.reload();
  await expect(reminder).toHaveAttribute("data-kind", "canceling");
  await expect(reminder).toContainText("Your subscription is canceled and ends on");
  await page.screenshot({ path: docShot("subscription-card-1280-en.png") });
  // The app's home shows the same reminder.
  await page.goto("/transcribe");
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await expect(reminder).toHaveAttribute("data-kind", "canceling");
  await page.goto("/transcribe/payment/plans");

  await page.getByTestId("renewal-reminder-dismiss").click();
  await expect(reminder).toHaveCount(0);
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem("renewal_reminder_dismissed") ?? "null") as { at: number } | null);
  expect(Date.now() - record!.at).toBeLessThan(60_000);
  await page.reload();
  await expect(card).toHaveAttribute("data-status", "canceling");
  await expect(reminder).toHaveCount(0);
  const loaded = page.waitForResponse((r) => r.url().includes("/api/payments/subscription"));
  await page.goto("/transcribe");
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await loaded;
  await expect(reminder).toHaveCount(0);
  await page.goto("/transcribe/payment/plans");
  // 23 hours later it still stays away; after 24 hours it is back.
  await page.evaluate(() => localStorage.setItem("renewal_reminder_dismissed", JSON.stringify({ at: Date.now() - 23 * 3_600_000 })));
  await page.reload();
  await expect(card).toHaveAttribute("data-status", "canceling");
  await expect(reminder).toHaveCount(0);
  await page.evaluate(() => localStorage.setItem("renewal_reminder_dismissed", JSON.stringify({ at: Date.now() - 24 * 3_600_000 - 1000 })));
  await page.reload();
  await expect(reminder).toHaveAttribute("data-kind", "canceling");

  await page.getByTestId("subscription-continue").click();
  await expect(card).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("subscription-badge")).toHaveText("Active");
  await expect(page.getByTestId("subscription-cancel")).toBeVisible();
});

test("a second subscription is refused with the catalogue message", async ({ page }) => {
  await subscribePro(page, `e2e-subs-dup-${Date.now()}@example.com`);
  await expect(page.getByTestId("subscription-card")).toHaveAttribute("data-status", "active");
  await page.getByTestId("buy-premium").click();
  await expect(page.getByText("You already have an active subscription. Manage it from your subscription card.")).toBeVisible();
  await expect(page).toHaveURL(/\/transcribe\/payment\/plans/);
});
