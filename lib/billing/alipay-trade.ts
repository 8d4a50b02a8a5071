import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";
import { ensurePlanRow, refreshUserPlan } from "./subscriptions";

// What an Alipay trade does to our orders (docs/billing.md "Alipay"): the one path for a
// paid trade, whether the notify or the status check's alipay.trade.query reported it,
// and for a full refund. Each is applied once, however often and however concurrently
// it is reported.

type Db = Prisma.TransactionClient;

export const PAID_STATUSES = new Set(["TRADE_SUCCESS", "TRADE_FINISHED"]);

export interface MobileOrder {
  id: string;
  userId: string;
  planCode: string;
  period: "month" | "year";
  amountCents: number;
  status: string;
  tradeNo: string | null;
}

/** applied: this call bought the period; already: the trade was applied before; notPending: another trade paid this order. */
export type PaidOutcome = "applied" | "already" | "notPending";

class OrderNotPending extends Error {}

/** A paid trade: AlipayTrade row, order paid and one more period, in one transaction. */
export async function applyPaidTrade(order: MobileOrder, tradeNo: string): Promise<PaidOutcome> {
  if (await prisma.alipayTrade.findUnique({ where: { tradeNo }, select: { tradeNo: true } })) return "already";
  try {
    await prisma.$transaction(async (db) => {
      await db.alipayTrade.create({ data: { tradeNo, orderId: order.id } });
      const paid = await db.paymentOrder.updateMany({ where: { id: order.id, status: "pending" }, data: { status: "paid", paidAt: new Date(), tradeNo } });
      if (paid.count !== 1) throw new OrderNotPending();
      await extendPeriod(db, order);
    });
  } catch (error) {
    // A concurrent report stored the trade (or another trade paid this order) first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return "already";
    if (error instanceof OrderNotPending) return "notPending";
    throw error;
  }
  return "applied";
}

/**
 * A full refund (Alipay closes the trade: TRADE_CLOSED after TRADE_SUCCESS): the order is
 * refunded and the period it bought is taken back. False when the trade is not this paid
 * order's; a repeat finds the order already refunded and changes nothing.
 */
export async function applyRefund(order: MobileOrder, tradeNo: string): Promise<boolean> {
  if (order.tradeNo !== tradeNo || (order.status !== "paid" && order.status !== "refunded")) return false;
  await prisma.$transaction(async (db) => {
    const refunded = await db.paymentOrder.updateMany({ where: { id: order.id, status: "paid" }, data: { status: "refunded" } });
    if (refunded.count === 1) await shortenPeriod(db, order);
  });
  return true;
}

/** An order whose trade Alipay closed unpaid (timeout, or the buyer gave up): the success page says it failed. */
export async function markOrderClosed(orderId: string): Promise<void> {
  await prisma.paymentOrder.updateMany({ where: { id: orderId, status: "pending" }, data: { status: "failed" } });
}

function movePeriod(from: Date, period: "month" | "year", by: 1 | -1): Date {
  const next = new Date(from);
  if (period === "year") next.setUTCFullYear(next.getUTCFullYear() + by);
  else next.setUTCMonth(next.getUTCMonth() + by);
  return next;
}

function mobileSubscriptionOf(db: Db, order: MobileOrder, liveOnly: boolean) {
  const now = new Date();
  return db.subscription.findFirst({
    where: { userId: order.userId, planCode: order.planCode, paymentMethod: "mobile", status: { in: ["active", "canceling"] }, ...(liveOnly ? { expiresAt: { gt: now } } : {}) },
    orderBy: { expiresAt: "desc" },
  });
}

/** One more period of the plan: from the end of the user's live Alipay period of that plan, else from now. */
async function extendPeriod(db: Db, order: MobileOrder) {
  await ensurePlanRow(db, order.planCode);
  const now = new Date();
  const live = await mobileSubscriptionOf(db, order, true);
  if (live) {
    await db.subscription.update({ where: { id: live.id }, data: { expiresAt: movePeriod(live.expiresAt, order.period, 1), period: order.period, priceCents: order.amountCents } });
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
        expiresAt: movePeriod(now, order.period, 1),
        paymentMethod: "mobile",
        period: order.period,
      },
    });
  }
  await refreshUserPlan(db, order.userId);
}

/** The refunded period comes off the end; when nothing paid is left, the subscription ends now. */
async function shortenPeriod(db: Db, order: MobileOrder) {
  const sub = await mobileSubscriptionOf(db, order, false);
  if (sub) {
    const now = new Date();
    const end = movePeriod(sub.expiresAt, order.period, -1);
    await db.subscription.update({ where: { id: sub.id }, data: end > now ? { expiresAt: end } : { expiresAt: now, status: "canceled" } });
  }
  await refreshUserPlan(db, order.userId);
}
