import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { alipayClient, yuanOf } from "./alipay";
import { ensurePlanRow, liveSubscription } from "./subscriptions";

// POST /api/payments/alipay/notify (docs/billing.md "Alipay"). Alipay posts a form
// signed with its key; we answer plain "success" (stop sending) or "fail" (refused).
// A trade is applied once: its trade_no (and its order) go into AlipayTrade in the
// same transaction as the period it buys, so a redelivery, even a concurrent one,
// changes nothing. No automatic renewal: each payment adds one period.

type Db = Prisma.TransactionClient;
export type NotifyAnswer = "success" | "fail";

const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

export async function handleAlipayNotify(params: Record<string, string>): Promise<NotifyAnswer> {
  const alipay = alipayClient();
  if (!alipay || !alipay.checkNotifySign(params, true)) return refuse("bad signature", params);
  if (params.app_id !== env().ALIPAY_APP_ID) return refuse("wrong app id", params);
  if (!PAID_STATUSES.has(params.trade_status ?? "")) return refuse("not paid", params);
  const tradeNo = params.trade_no;
  const order = params.out_trade_no ? await prisma.paymentOrder.findUnique({ where: { mobileOrderNo: params.out_trade_no } }) : null;
  if (!tradeNo || !order || order.method !== "mobile") return refuse("unknown order", params);
  if (params.total_amount !== yuanOf(order.amountCents)) return refuse("wrong amount", params);
  if (await prisma.alipayTrade.findUnique({ where: { tradeNo }, select: { tradeNo: true } })) return "success";
  try {
    await prisma.$transaction(async (db) => {
      await db.alipayTrade.create({ data: { tradeNo, orderId: order.id } });
      const paid = await db.paymentOrder.updateMany({ where: { id: order.id, status: "pending" }, data: { status: "paid", paidAt: new Date(), tradeNo } });
      if (paid.count !== 1) throw new OrderNotPending();
      await extendPeriod(db, order);
    });
  } catch (error) {
    // A concurrent delivery stored the trade (or another trade paid this order) first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "success";
    if (error instanceof OrderNotPending) return refuse("order not pending", params);
    throw error;
  }
  return "success";
}

class OrderNotPending extends Error {}

function refuse(why: string, params: Record<string, string>): NotifyAnswer {
  logger.warn("alipay notify refused", { why, outTradeNo: params.out_trade_no ?? null, tradeNo: params.trade_no ?? null });
  return "fail";
}

function addPeriod(from: Date, period: "month" | "year"): Date {
  const next = new Date(from);
  if (period === "year") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** One more period of the plan: from the end of the user's live Alipay period of that plan, else from now. */
async function extendPeriod(db: Db, order: { userId: string; planCode: string; period: "month" | "year"; amountCents: number }) {
  await ensurePlanRow(db, order.planCode);
  const now = new Date();
  const live = await db.subscription.findFirst({
    where: { userId: order.userId, planCode: order.planCode, paymentMethod: "mobile", status: { in: ["active", "canceling"] }, expiresAt: { gt: now } },
    orderBy: { expiresAt: "desc" },
  });
  if (live) {
    await db.subscription.update({ where: { id: live.id }, data: { expiresAt: addPeriod(live.expiresAt, order.period), period: order.period, priceCents: order.amountCents } });
  } else {
    await db.subscription.create({
      data: {
        userId: order.userId,
        planCode: order.planCode,
        priceCents: order.amountCents,
        currency: "CNY",
        status: "active",
        // Manual renewal: the period ends unless the user pays again.
        cancelAtPeriodEnd: true,
        periodStart: now,
        expiresAt: addPeriod(now, order.period),
        paymentMethod: "mobile",
        period: order.period,
      },
    });
  }
  await db.user.update({ where: { id: order.userId }, data: { planCode: (await liveSubscription(order.userId, db))?.planCode ?? "free" } });
}
