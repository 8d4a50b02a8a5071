import "server-only";
import { logger } from "@/lib/server/logger";
import { alipayClient, yuanOf } from "./alipay";
import { applyPaidTrade, markOrderClosed, PAID_STATUSES, type MobileOrder } from "./alipay-trade";

// The payment status check asks Alipay itself (alipay.trade.query) while an Alipay order is
// still pending, so a notify that never arrives (firewall, outage) does not leave the user
// on "processing" (docs/billing.md "Alipay"). A paid trade goes through the notify's own path
// (applyPaidTrade), so a notify arriving later, or both at once, applies it once.

/** At most one query per order in this interval (the success page polls every 1.5 s). */
const QUERY_INTERVAL_MS = 5_000;
const lastQueried = new Map<string, number>();

interface TradeQueryAnswer {
  code?: string;
  out_trade_no?: string;
  trade_no?: string;
  trade_status?: string;
  total_amount?: string;
}

export async function queryPendingAlipayOrder(order: MobileOrder & { mobileOrderNo: string }): Promise<void> {
  const alipay = alipayClient();
  if (!alipay) return;
  const now = Date.now();
  if (now - (lastQueried.get(order.id) ?? 0) < QUERY_INTERVAL_MS) return;
  lastQueried.set(order.id, now);
  if (lastQueried.size > 10_000) lastQueried.clear();
  let answer: TradeQueryAnswer;
  try {
    // validateSign: the answer must carry Alipay's signature, checked with its public key.
    answer = (await alipay.exec("alipay.trade.query", { bizContent: { out_trade_no: order.mobileOrderNo } }, { validateSign: true })) as TradeQueryAnswer;
  } catch (error) {
    logger.warn("alipay trade query failed", { orderId: order.id, err: error instanceof Error ? error.message : String(error) });
    return;
  }
  // Not 10000: e.g. ACQ.TRADE_NOT_EXIST, the buyer has not paid yet.
  if (answer.code !== "10000" || answer.out_trade_no !== order.mobileOrderNo || !answer.trade_no) return;
  if (answer.trade_status === "TRADE_CLOSED") return markOrderClosed(order.id);
  if (!PAID_STATUSES.has(answer.trade_status ?? "")) return;
  if (answer.total_amount !== yuanOf(order.amountCents)) {
    logger.warn("alipay trade query: wrong amount", { orderId: order.id, amount: answer.total_amount ?? null });
    return;
  }
  await applyPaidTrade(order, answer.trade_no);
}
