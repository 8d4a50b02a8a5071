import { ALIPAY_KEYS, APP_ID, APP_KEYS, GATEWAY_PORT } from "./payments-alipay-query.env";
import { NextRequest } from "next/server";
import { POST as checkout } from "@/app/api/payments/alipay/checkout/route";
import { POST as notify } from "@/app/api/payments/alipay/notify/route";
import { GET as paymentStatus } from "@/app/api/payments/status/route";
import { POST as continueSubscription } from "@/app/api/payments/subscription/continue/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { paidNotify, rsaKeyPair, signLikeAlipay, startLoopbackAlipay, type LoopbackAlipay } from "@/tests/helpers/loopback-alipay";

// docs/billing.md "Alipay": when the notify never arrives, the status check asks Alipay
// (alipay.trade.query through the real alipay-sdk exec, answered and signed by a loopback
// gateway) and applies a paid trade once; refunds (TRADE_CLOSED) take the period back.

let gateway: LoopbackAlipay;
beforeAll(async () => {
  await setupTestDatabase();
  gateway = await startLoopbackAlipay(GATEWAY_PORT, APP_KEYS.publicKey, ALIPAY_KEYS.privateKey);
});
afterAll(() => gateway.close());

const china = { host: "tingji.cn" };
const DAY = 86_400_000;
let seq = 0;
const tradeNo = () => `2026112522009${String(++seq).padStart(6, "0")}`;

async function order(token: string, plan = "pro", period = "month") {
  const res = await call<{ orderNo: string }>(checkout, { token, json: { plan, period }, headers: china });
  expect(res.code).toBe(200);
  return res.data.orderNo;
}

const status = async (token: string, orderNo: string) => (await call<{ status: string }>(paymentStatus, { token, query: { session_id: orderNo }, headers: china })).data.status;
const orderOf = (orderNo: string) => prisma.paymentOrder.findUniqueOrThrow({ where: { mobileOrderNo: orderNo } });
const planOf = async (userId: string) => (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).planCode;
/** Forgets the status check's per-order query interval (it is per process, by order id). */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function deliver(params: Record<string, string>): Promise<string> {
  const req = new NextRequest("http://localhost:3000/api/payments/alipay/notify", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8" },
    body: new URLSearchParams(params).toString(),
  });
  return (await notify(req, { params: Promise.resolve({}) })).text();
}

test("no notify: the status check queries the trade, signed by the app and checked against Alipay's signature, and applies it once", async () => {
  const u = await signIn("alipay-query-paid", { edition: "china" });
  const orderNo = await order(u.token);
  // Not paid yet: Alipay answers "trade does not exist"; the order stays pending.
  expect(await status(u.token, orderNo)).toBe("pending");
  const asked = gateway.queries.at(-1)!;
  expect(asked.signed).toBe(true);
  expect(asked.params).toMatchObject({ app_id: APP_ID, method: "alipay.trade.query", sign_type: "RSA2" });
  expect(JSON.parse(asked.params.biz_content!)).toEqual({ out_trade_no: orderNo });

  const trade = tradeNo();
  gateway.trades.set(orderNo, { trade_no: trade, trade_status: "TRADE_SUCCESS", total_amount: "68.00" });
  // Within the query interval the check only reads our own order.
  const before = gateway.queries.length;
  expect(await status(u.token, orderNo)).toBe("pending");
  expect(gateway.queries.length).toBe(before);
  await sleep(5_100);
  expect(await status(u.token, orderNo)).toBe("paid");
  expect(await orderOf(orderNo)).toMatchObject({ status: "paid", tradeNo: trade });
  expect(await planOf(u.userId)).toBe("pro");
  const subs = await prisma.subscription.findMany({ where: { userId: u.userId } });
  expect(subs).toHaveLength(1);
  // The notify arriving late changes nothing: one trade, one period.
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: orderNo, totalAmount: "68.00", tradeNo: trade, privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  const after = await prisma.subscription.findMany({ where: { userId: u.userId } });
  expect(after).toHaveLength(1);
  expect(after[0]!.expiresAt).toEqual(subs[0]!.expiresAt);
  expect(await prisma.alipayTrade.count({ where: { orderId: subs.length ? (await orderOf(orderNo)).id : "" } })).toBe(1);
}, 30_000);

test("a query answer with a wrong amount or a forged signature changes nothing; a closed trade fails the order", async () => {
  const u = await signIn("alipay-query-refused", { edition: "china" });
  const cheap = await order(u.token);
  gateway.trades.set(cheap, { trade_no: tradeNo(), trade_status: "TRADE_SUCCESS", total_amount: "0.01" });
  expect(await status(u.token, cheap)).toBe("pending");
  expect(await planOf(u.userId)).toBe("free");

  // A gateway signing with a key that is not Alipay's: the SDK's signature check refuses the answer.
  const impostorKeys = rsaKeyPair();
  const impostor = await startLoopbackAlipay(0, APP_KEYS.publicKey, impostorKeys.privateKey);
  const forgedOrder = await order(u.token);
  await gateway.close();
  const forged = await startLoopbackAlipay(GATEWAY_PORT, APP_KEYS.publicKey, impostorKeys.privateKey);
  forged.trades.set(forgedOrder, { trade_no: tradeNo(), trade_status: "TRADE_SUCCESS", total_amount: "68.00" });
  expect(await status(u.token, forgedOrder)).toBe("pending");
  expect(forged.queries).toHaveLength(1);
  expect(await orderOf(forgedOrder)).toMatchObject({ status: "pending", tradeNo: null });
  await forged.close();
  await impostor.close();
  gateway = await startLoopbackAlipay(GATEWAY_PORT, APP_KEYS.publicKey, ALIPAY_KEYS.privateKey);

  const closed = await order(u.token);
  gateway.trades.set(closed, { trade_no: tradeNo(), trade_status: "TRADE_CLOSED", total_amount: "68.00" });
  expect(await status(u.token, closed)).toBe("failed");
  expect(await planOf(u.userId)).toBe("free");
}, 30_000);

function refundNotify(orderNo: string, trade: string, status = "TRADE_CLOSED") {
  return signLikeAlipay(
    { notify_type: "trade_status_sync", notify_id: `r${trade}`, notify_time: "2026-11-26 09:00:00", charset: "utf-8", version: "1.0", app_id: APP_ID, out_trade_no: orderNo, trade_no: trade, total_amount: "68.00", refund_fee: "68.00", gmt_refund: "2026-11-26 08:59:59.000", out_biz_no: `RF${trade}`, trade_status: status },
    ALIPAY_KEYS.privateKey,
  );
}

test("a full refund (TRADE_CLOSED) refunds the order and takes back its period, once; a refund of one of two periods keeps the other", async () => {
  const u = await signIn("alipay-refund", { edition: "china" });
  const first = await order(u.token);
  const firstTrade = tradeNo();
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: first, totalAmount: "68.00", tradeNo: firstTrade, privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  const second = await order(u.token);
  const secondTrade = tradeNo();
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: second, totalAmount: "68.00", tradeNo: secondTrade, privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  const twoMonths = (await prisma.subscription.findFirstOrThrow({ where: { userId: u.userId } })).expiresAt;

  // The second payment refunded: one month is left; a redelivery changes nothing more.
  expect(await deliver(refundNotify(second, secondTrade))).toBe("success");
  expect(await deliver(refundNotify(second, secondTrade))).toBe("success");
  const oneMonth = await prisma.subscription.findFirstOrThrow({ where: { userId: u.userId } });
  const removed = (twoMonths.getTime() - oneMonth.expiresAt.getTime()) / DAY;
  expect(removed).toBeGreaterThanOrEqual(28);
  expect(removed).toBeLessThanOrEqual(31);
  expect(oneMonth.status).toBe("active");
  expect(await orderOf(second)).toMatchObject({ status: "refunded" });
  expect(await planOf(u.userId)).toBe("pro");

  // A refund naming another trade than the one that paid the order is refused.
  expect(await deliver(refundNotify(first, tradeNo()))).toBe("fail");
  // The first refunded too: nothing paid is left, the subscription ends now and the user is on free.
  expect(await deliver(refundNotify(first, firstTrade))).toBe("success");
  const ended = await prisma.subscription.findFirstOrThrow({ where: { userId: u.userId } });
  expect(ended.status).toBe("canceled");
  expect(ended.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  expect(await planOf(u.userId)).toBe("free");
  // A partial refund arrives as TRADE_SUCCESS for the applied trade: answered, nothing changes.
  expect(await deliver(refundNotify(first, firstTrade, "TRADE_SUCCESS"))).toBe("success");
  expect(await planOf(u.userId)).toBe("free");
});

test("an operator-granted trial survives Alipay's refund of an old payment", async () => {
  const u = await signIn("alipay-refund-trial", { edition: "china" });
  const paid = await order(u.token);
  const trade = tradeNo();
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: paid, totalAmount: "68.00", tradeNo: trade, privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  await prisma.subscription.updateMany({ where: { userId: u.userId }, data: { expiresAt: new Date(Date.now() - DAY) } });
  await prisma.user.update({ where: { id: u.userId }, data: { planCode: "trial" } });
  expect(await deliver(refundNotify(paid, trade))).toBe("success");
  expect(await planOf(u.userId)).toBe("trial");
});

test("continue on an Alipay subscription is refused: it needs a new payment, which adds a period", async () => {
  const u = await signIn("alipay-continue", { edition: "china" });
  const first = await order(u.token);
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: first, totalAmount: "68.00", tradeNo: tradeNo(), privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  const refused = await call(continueSubscription, { token: u.token, headers: china });
  expect(refused.code).toBe(400);
  expect(refused.data).toMatchObject({ error: "payment.continueNeedsPayment" });
  expect(refused.message).toBe("移动支付订阅不会自动续费：请再次付款以继续订阅。");
  const before = (await prisma.subscription.findFirstOrThrow({ where: { userId: u.userId } })).expiresAt;
  // "Pay again": a new page-pay order for the same plan; its payment adds one period.
  const again = await order(u.token);
  expect(again).not.toBe(first);
  expect(await deliver(paidNotify({ appId: APP_ID, outTradeNo: again, totalAmount: "68.00", tradeNo: tradeNo(), privateKey: ALIPAY_KEYS.privateKey }))).toBe("success");
  const after = (await prisma.subscription.findFirstOrThrow({ where: { userId: u.userId } })).expiresAt;
  expect((after.getTime() - before.getTime()) / DAY).toBeGreaterThanOrEqual(28);
});
