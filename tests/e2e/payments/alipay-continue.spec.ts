import fs from "node:fs";
import { expect, test, type Page } from "playwright/test";
import { signInChina } from "../helpers";
import { paidNotify } from "../../helpers/loopback-alipay";
import { E2E_ALIPAY_APP_ID, E2E_ALIPAY_KEYS_FILE, E2E_SERVERS } from "../env";

// China edition "continue" (issue 11): an Alipay subscription never renews by itself, so the
// subscription card offers "Pay again", a new page-pay for the same plan; its signed notify
// adds one period to the end date.

const NOTIFY = `${E2E_SERVERS.local.baseUrl}/api/payments/alipay/notify`;
const alipayKey = () => (JSON.parse(fs.readFileSync(E2E_ALIPAY_KEYS_FILE, "utf8")) as { alipay: { privateKey: string } }).alipay.privateKey;

/** After the gateway sent the browser back: posts the signed notify for the order and waits for success. */
async function payReturnedOrder(page: Page): Promise<string> {
  await page.waitForURL(/\/transcribe\/payment\/success\?.*out_trade_no=TJ[0-9a-f]{32}/);
  const outTradeNo = new URL(page.url()).searchParams.get("out_trade_no")!;
  const params = paidNotify({ appId: E2E_ALIPAY_APP_ID, outTradeNo, totalAmount: "68.00", tradeNo: `2026112522002${Date.now()}`, privateKey: alipayKey() });
  const res = await fetch(NOTIFY, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params).toString() });
  expect(await res.text()).toBe("success");
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "success");
  return outTradeNo;
}

test("China edition: the Alipay subscription card's 'Pay again' starts a new Alipay payment that adds a period", async ({ page }) => {
  await signInChina(page, `e2e-alipay-again-${Date.now()}@example.com`);
  await page.goto("/transcribe/payment/plans");
  await page.getByTestId("buy-pro").click();
  const first = await payReturnedOrder(page);

  await page.goto("/transcribe/payment/plans");
  const card = page.getByTestId("subscription-card");
  await expect(card).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("subscription-pay-again-note")).toBeVisible();
  // Nothing to reactivate or cancel: the only way on is a new payment.
  await expect(page.getByTestId("subscription-continue")).toHaveCount(0);
  await expect(page.getByTestId("subscription-cancel")).toHaveCount(0);
  const endsBefore = await page.getByTestId("subscription-date").textContent();

  await page.getByTestId("subscription-pay-again").click();
  const second = await payReturnedOrder(page);
  expect(second).not.toBe(first);
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("subscription-date")).not.toHaveText(endsBefore!);
  await expect(page.getByTestId("plan-pro")).toHaveAttribute("aria-current", "true");
});
