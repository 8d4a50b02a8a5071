import { ALIPAY_KEYS, APP_ID, APP_KEYS, GATEWAY } from "./payments-alipay.env";
import { NextRequest } from "next/server";
import { GET as listPlans } from "@/app/api/payments/plans/route";
import { POST as checkout } from "@/app/api/payments/alipay/checkout/route";
import { POST as notify } from "@/app/api/payments/alipay/notify/route";
import { GET as paymentStatus } from "@/app/api/payments/status/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { paidNotify, parsePagePayUrl, rsaKeyPair, verifyAppSignature } from "@/tests/helpers/loopback-alipay";

// Alipay page pay (docs/billing.md "Alipay"): the real alipay-sdk signs the page-pay
// URL; notifications are signed here the way Alipay signs them, with a key pair made
// for the test. Nothing talks to Alipay.

beforeAll(async () => {
  await setupTestDatabase();
});

const china = { host: "tingji.cn" };
let tradeSeq = 0;

async function order(token: string, plan = "pro", period = "month") {
  const res = await call<{ url: string; orderNo: string }>(checkout, { token, json: { plan, period }, headers: china });
  expect(res.code).toBe(200);
  return res.data;
}

/** Posts a notify form the way Alipay does and returns the plain-text answer. */
async function deliver(params: Record<string, string>): Promise<string> {
  const req = new NextRequest("http://localhost:3000/api/payments/alipay/notify", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
    body: new URLSearchParams(params).toString(),
  });
  const res = await notify(req, { params: Promise.resolve({}) });
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  const text = await res.text();
  expect(res.status).toBe(text === "success" ? 200 : 400);
  return text;
}

function notifyFor(orderNo: string, overrides: { totalAmount?: string; appId?: string; status?: string; privateKey?: string; tradeNo?: string } = {}) {
  return paidNotify({
    appId: overrides.appId ?? APP_ID,
    outTradeNo: orderNo,
    totalAmount: overrides.totalAmount ?? "68.00",
    tradeNo: overrides.tradeNo ?? `2026112522001${String(++tradeSeq).padStart(6, "0")}`,
    privateKey: overrides.privateKey ?? ALIPAY_KEYS.privateKey,
    status: overrides.status,
  });
}

const orderOf = (orderNo: string) => prisma.paymentOrder.findUniqueOrThrow({ where: { mobileOrderNo: orderNo } });
const subscriptionsOf = (userId: string) => prisma.subscription.findMany({ where: { userId } });
const planOf = async (userId: string) => (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).planCode;
const DAY = 86_400_000;

test("the China edition pays with Alipay; the international edition by card", async () => {
  const u = await signIn("alipay-plans", { edition: "china" });
  const cn = await call<{ currency: string; payWith: string; alipayPayment: boolean }>(listPlans, { token: u.token, headers: china });
  expect(cn.data).toMatchObject({ currency: "CNY", payWith: "alipay", alipayPayment: true });
  const intl = await call<{ payWith: string }>(listPlans, { token: (await signIn("card-plans")).token });
  expect(intl.data.payWith).toBe("card");
});

test("an order is a pending CNY order and a page-pay URL signed RSA2 with notify and return URLs, in Beijing time", async () => {
  const u = await signIn("alipay-order", { edition: "china" });
  const { url, orderNo } = await order(u.token, "premium", "year");
  expect(orderNo).toMatch(/^TJ[0-9a-f]{32}$/);
  expect(url.startsWith(`${GATEWAY}?`)).toBe(true);
  const { params, bizContent } = parsePagePayUrl(url);
  expect(params).toMatchObject({ app_id: APP_ID, method: "alipay.trade.page.pay", sign_type: "RSA2", charset: "utf-8", notify_url: "http://127.0.0.1:3000/api/payments/alipay/notify", return_url: "http://127.0.0.1:3000/transcribe/payment/success" });
  expect(bizContent).toMatchObject({ out_trade_no: orderNo, total_amount: "980.00", product_code: "FAST_INSTANT_TRADE_PAY" });
  expect(verifyAppSignature(params, APP_KEYS.publicKey)).toBe(true);
  expect(verifyAppSignature({ ...params, biz_content: params.biz_content!.replace("980.00", "0.01") }, APP_KEYS.publicKey)).toBe(false);
  const beijing = new Date(`${params.timestamp!.replace(" ", "T")}+08:00`).getTime();
  expect(Math.abs(beijing - Date.now())).toBeLessThan(60_000);
  expect(await orderOf(orderNo)).toMatchObject({ status: "pending", method: "mobile", amountCents: 98000, currency: "CNY", period: "year", planCode: "premium" });
  const status = await call<{ status: string }>(paymentStatus, { token: u.token, query: { session_id: orderNo }, headers: china });
  expect(status.data.status).toBe("pending");
  const other = await signIn("alipay-order-other", { edition: "china" });
  const foreign = await call(paymentStatus, { token: other.token, query: { session_id: orderNo }, headers: china });
  expect(foreign.code).toBe(404);
});

test("free and unsold plans are refused with catalogue messages, in the China edition's language", async () => {
  const u = await signIn("alipay-refused", { edition: "china" });
  const free = await call(checkout, { token: u.token, json: { plan: "free", period: "month" }, headers: china });
  expect(free.message).toBe("付费套餐不能降级为免费版。");
  const enterprise = await call(checkout, { token: u.token, json: { plan: "enterprise", period: "month" }, headers: china });
  expect(enterprise.message).toBe("该套餐不支持在线购买。");
});

test("a valid notify is applied once, even when delivered twice: paid order, one month of Pro, status paid", async () => {
  const u = await signIn("alipay-paid", { edition: "china" });
  const { orderNo } = await order(u.token);
  const params = notifyFor(orderNo);
  expect(await deliver(params)).toBe("success");
  expect(await deliver(params)).toBe("success");
  const paid = await orderOf(orderNo);
  expect(paid).toMatchObject({ status: "paid", tradeNo: params.trade_no });
  const subs = await subscriptionsOf(u.userId);
  expect(subs).toHaveLength(1);
  expect(subs[0]).toMatchObject({ planCode: "pro", status: "active", paymentMethod: "mobile", currency: "CNY", priceCents: 6800, cancelAtPeriodEnd: true, providerSubscriptionId: null });
  expect(Math.abs(subs[0]!.periodStart!.getTime() - Date.now())).toBeLessThan(60_000);
  const days = (subs[0]!.expiresAt.getTime() - Date.now()) / DAY;
  expect(days).toBeGreaterThan(27);
  expect(days).toBeLessThan(32);
  expect(await planOf(u.userId)).toBe("pro");
  expect(await prisma.alipayTrade.count({ where: { orderId: paid.id } })).toBe(1);
  const status = await call<{ status: string }>(paymentStatus, { token: u.token, query: { session_id: orderNo }, headers: china });
  expect(status.data.status).toBe("paid");
});

test("concurrent deliveries of one trade apply it once", async () => {
  const u = await signIn("alipay-race", { edition: "china" });
  const { orderNo } = await order(u.token);
  const params = notifyFor(orderNo);
  const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(params)));
  expect(answers).toEqual(Array(5).fill("success"));
  const subs = await subscriptionsOf(u.userId);
  expect(subs).toHaveLength(1);
  expect((subs[0]!.expiresAt.getTime() - Date.now()) / DAY).toBeLessThan(32);
  expect(await prisma.alipayTrade.count({ where: { tradeNo: params.trade_no } })).toBe(1);
});

test("paying again for the same plan adds a period (no automatic renewal); a second trade number for a paid order changes nothing", async () => {
  const u = await signIn("alipay-renew", { edition: "china" });
  const first = await order(u.token);
  expect(await deliver(notifyFor(first.orderNo))).toBe("success");
  const before = (await subscriptionsOf(u.userId))[0]!.expiresAt;
  expect(await deliver(notifyFor(first.orderNo))).toBe("success");
  expect((await subscriptionsOf(u.userId))[0]!.expiresAt).toEqual(before);

  const second = await order(u.token);
  expect(await deliver(notifyFor(second.orderNo))).toBe("success");
  const subs = await subscriptionsOf(u.userId);
  expect(subs).toHaveLength(1);
  const added = (subs[0]!.expiresAt.getTime() - before.getTime()) / DAY;
  expect(added).toBeGreaterThanOrEqual(28);
  expect(added).toBeLessThanOrEqual(31);
  // Another plan waits for the live one to end.
  const other = await call(checkout, { token: u.token, json: { plan: "premium", period: "month" }, headers: china });
  expect(other.code).toBe(409);
});

test("a forged signature, a wrong amount, a wrong app id or an unpaid status is refused and changes nothing", async () => {
  const u = await signIn("alipay-forged", { edition: "china" });
  const { orderNo } = await order(u.token);
  const stranger = rsaKeyPair();
  const forged = notifyFor(orderNo, { privateKey: stranger.privateKey });
  const tampered = { ...notifyFor(orderNo), total_amount: "0.01" };
  const refusals = [
    forged,
    tampered,
    notifyFor(orderNo, { totalAmount: "0.01" }),
    notifyFor(orderNo, { appId: "2021999999999999" }),
    notifyFor(orderNo, { status: "WAIT_BUYER_PAY" }),
    notifyFor(orderNo, { status: "TRADE_CLOSED" }),
    notifyFor("TJ00000000000000000000000000000000"),
    { ...notifyFor(orderNo), sign: "" },
  ];
  for (const params of refusals) expect(await deliver(params)).toBe("fail");
  expect(await orderOf(orderNo)).toMatchObject({ status: "pending", tradeNo: null, paidAt: null });
  expect(await subscriptionsOf(u.userId)).toHaveLength(0);
  expect(await planOf(u.userId)).toBe("free");
  expect(await prisma.alipayTrade.count({ where: { orderId: (await orderOf(orderNo)).id } })).toBe(0);
  // The same order still takes its real payment afterwards.
  expect(await deliver(notifyFor(orderNo))).toBe("success");
  expect(await planOf(u.userId)).toBe("pro");
});

test("a notify body over the cap is refused", async () => {
  expect(await deliver({ ...notifyFor("TJx"), filler: "x".repeat(70 * 1024) })).toBe("fail");
});
