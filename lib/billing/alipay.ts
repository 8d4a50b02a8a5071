import "server-only";
import { randomBytes } from "node:crypto";
import { AlipaySdk } from "alipay-sdk";
import { AppError } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { isPurchasable, planPrices, type BillingPeriodCode } from "./plans";
import { liveSubscription } from "./subscriptions";

// Alipay page pay (docs/billing.md "Alipay"): the China edition pays one period at a
// time; there is no automatic renewal. The order number (out_trade_no) is ours,
// 128 random bits; Alipay's trade number arrives with the notify.

let cached: { fingerprint: string; client: AlipaySdk } | undefined;

/** Keys from the environment: a PEM (real or "\n"-escaped newlines) or its base64 body. */
function keyOf(value: string): string {
  return value.replace(/\\n/g, "\n").trim();
}

export function alipayConfigured(): boolean {
  const e = env();
  return Boolean(e.ALIPAY_APP_ID && e.ALIPAY_PRIVATE_KEY && e.ALIPAY_PUBLIC_KEY);
}

/** The one client, or null when the Alipay settings are missing. */
export function alipayClient(): AlipaySdk | null {
  const e = env();
  if (!alipayConfigured()) return null;
  const fingerprint = [e.ALIPAY_APP_ID, e.ALIPAY_PRIVATE_KEY, e.ALIPAY_PUBLIC_KEY, e.ALIPAY_GATEWAY].join("|");
  if (cached?.fingerprint === fingerprint) return cached.client;
  const client = new AlipaySdk({
    appId: e.ALIPAY_APP_ID!,
    privateKey: keyOf(e.ALIPAY_PRIVATE_KEY!),
    alipayPublicKey: keyOf(e.ALIPAY_PUBLIC_KEY!),
    gateway: e.ALIPAY_GATEWAY,
    keyType: "PKCS8",
    signType: "RSA2",
    // exec answers keep Alipay's own field names (trade_status, total_amount), as in notifies.
    camelcase: false,
  });
  cached = { fingerprint, client };
  return client;
}

/** Alipay reads the request timestamp as Beijing time (UTC+8), whatever our process zone. */
export function beijingTimestamp(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace("T", " ");
}

/** Fen as Alipay writes yuan: "68.00". */
export function yuanOf(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** POST /api/payments/alipay/checkout: a pending order and the signed page-pay URL the browser goes to. */
export async function createAlipayOrder(userId: string, input: { plan: string; period: BillingPeriodCode }): Promise<{ url: string; orderNo: string }> {
  if (input.plan === "free") throw new AppError("payment.cannotDowngrade");
  if (!isPurchasable(input.plan)) throw new AppError("payment.planNotForSale");
  const alipay = alipayClient();
  if (!alipay) throw new AppError("payment.alipayNotConfigured");
  // No automatic renewal: paying again for the live Alipay plan adds a period; any other live plan must end first.
  const live = await liveSubscription(userId);
  if (live && !(live.paymentMethod === "mobile" && live.planCode === input.plan)) throw new AppError("payment.alreadySubscribed");
  const amount = planPrices[input.plan]!.CNY[input.period];
  const orderNo = `TJ${randomBytes(16).toString("hex")}`;
  const base = env().APP_URL.replace(/\/$/, "");
  let url: string;
  try {
    url = alipay.pageExecute("alipay.trade.page.pay", "GET", {
      bizContent: { out_trade_no: orderNo, product_code: "FAST_INSTANT_TRADE_PAY", total_amount: yuanOf(amount), subject: `Tingji ${input.plan} (${input.period})` },
      notifyUrl: `${base}/api/payments/alipay/notify`,
      returnUrl: `${base}/transcribe/payment/success`,
      timestamp: beijingTimestamp(),
    });
  } catch {
    throw new AppError("payment.alipaySessionFailed");
  }
  await prisma.paymentOrder.create({
    data: { userId, planCode: input.plan, period: input.period, amountCents: amount, currency: "CNY", method: "mobile", mobileOrderNo: orderNo },
  });
  return { url, orderNo };
}
