import "server-only";
import { prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { alipayClient, yuanOf } from "./alipay";
import { applyPaidTrade, applyRefund, PAID_STATUSES } from "./alipay-trade";

// POST /api/payments/alipay/notify (docs/billing.md "Alipay"). Alipay posts a form
// signed with its key; we answer plain "success" (stop sending) or "fail" (refused).
// A paid trade is applied once (lib/billing/alipay-trade.ts): a redelivery, even a
// concurrent one, changes nothing. A full refund closes the trade (TRADE_CLOSED) and
// takes back the period it bought. No automatic renewal: each payment adds one period.

export type NotifyAnswer = "success" | "fail";

export async function handleAlipayNotify(params: Record<string, string>): Promise<NotifyAnswer> {
  const alipay = alipayClient();
  if (!alipay || !alipay.checkNotifySign(params, true)) return refuse("bad signature", params);
  if (params.app_id !== env().ALIPAY_APP_ID) return refuse("wrong app id", params);
  const status = params.trade_status ?? "";
  if (!PAID_STATUSES.has(status) && status !== "TRADE_CLOSED") return refuse("not paid", params);
  const tradeNo = params.trade_no;
  const order = params.out_trade_no ? await prisma.paymentOrder.findUnique({ where: { mobileOrderNo: params.out_trade_no } }) : null;
  if (!tradeNo || !order || order.method !== "mobile") return refuse("unknown order", params);
  if (params.total_amount !== yuanOf(order.amountCents)) return refuse("wrong amount", params);
  // Closed: a refund of the whole amount when the order was paid by this trade; an unpaid trade closing buys nothing.
  if (status === "TRADE_CLOSED") return (await applyRefund(order, tradeNo)) ? "success" : refuse("closed unpaid", params);
  // A partial refund arrives as TRADE_SUCCESS with refund_fee: the period stays (docs/billing.md "Refunds").
  const outcome = await applyPaidTrade(order, tradeNo);
  return outcome === "notPending" ? refuse("order not pending", params) : "success";
}

function refuse(why: string, params: Record<string, string>): NotifyAnswer {
  logger.warn("alipay notify refused", { why, outTradeNo: params.out_trade_no ?? null, tradeNo: params.trade_no ?? null });
  return "fail";
}
