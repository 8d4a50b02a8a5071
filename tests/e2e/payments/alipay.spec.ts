import fs from "node:fs";
import { expect, test } from "playwright/test";
import { docShot, signInChina } from "../helpers";
import { paidNotify } from "../../helpers/loopback-alipay";
import { E2E_ALIPAY_APP_ID, E2E_ALIPAY_KEYS_FILE, E2E_SERVERS } from "../env";

// Issue 11 "Alipay": on the China edition (a .cn host, as a proxy forwards it) the
// plans page pays with Alipay. The loopback "gateway" checks the app's RSA2
// signature and sends the browser back to the return URL like the cashier; the
// test then posts Alipay's signed notify, and the success page turns to success.

const NOTIFY = `${E2E_SERVERS.local.baseUrl}/api/payments/alipay/notify`;

function alipayPrivateKey(): string {
  return (JSON.parse(fs.readFileSync(E2E_ALIPAY_KEYS_FILE, "utf8")) as { alipay: { privateKey: string } }).alipay.privateKey;
}

async function postNotify(params: Record<string, string>): Promise<string> {
  const res = await fetch(NOTIFY, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(params).toString() });
  return res.text();
}

test("China edition: Alipay from the plans page through the gateway back to success once the signed notify lands", async ({ page }) => {
  await signInChina(page, "e2e-alipay@example.com");
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("plans-page")).toHaveAttribute("data-currency", "CNY");
  await expect(page.getByTestId("alipay-not-configured")).toHaveCount(0);
  await expect(page.getByTestId("buy-pro")).toBeEnabled();

  await page.getByTestId("buy-pro").click();
  await page.waitForURL(/\/transcribe\/payment\/success\?.*out_trade_no=TJ[0-9a-f]{32}/);
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "processing");
  const url = new URL(page.url());
  const outTradeNo = url.searchParams.get("out_trade_no")!;
  expect(url.searchParams.get("total_amount")).toBe("68.00");

  const key = alipayPrivateKey();
  const base = { appId: E2E_ALIPAY_APP_ID, outTradeNo, totalAmount: "68.00", tradeNo: `2026112522001${Date.now()}` };
  // A wrong amount is refused and the page keeps waiting.
  expect(await postNotify(paidNotify({ ...base, totalAmount: "0.01", privateKey: key }))).toBe("fail");
  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "processing");
  expect(await postNotify(paidNotify({ ...base, privateKey: key }))).toBe("success");

  await expect(page.getByTestId("payment-result")).toHaveAttribute("data-state", "success");
  await page.screenshot({ path: docShot("payment-alipay-success-1280.png") });
  await page.goto("/transcribe/payment/plans");
  await expect(page.getByTestId("plan-pro")).toHaveAttribute("aria-current", "true");
});

test.describe("a server without Alipay settings", () => {
  test.use({ baseURL: E2E_SERVERS.ai.baseUrl });
  test("the China edition's plans page says Alipay is not set up", async ({ page }) => {
    await signInChina(page, "e2e-alipay-nokey@example.com");
    await page.goto("/transcribe/payment/plans");
    await expect(page.getByTestId("alipay-not-configured")).toBeVisible();
    await expect(page.getByTestId("buy-pro")).toBeDisabled();
  });
});
