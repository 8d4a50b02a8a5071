import "server-only";
import type Stripe from "stripe";
import { prisma, Prisma } from "@/lib/server/prisma";
import { monthlyMinutesFor, planPrices } from "./plans";

// Subscription rows (docs/billing.md "Subscription management"): the one place
// that stores Stripe's state of a subscription and the one query for "live".
// The webhook and the cancel/continue routes both store through storeSubscription.

type Db = Prisma.TransactionClient;

/** Live: active or canceling and not past its expiry. The user's plan follows the live one with the latest expiry. */
export function liveSubscriptionWhere(userId: string, now = new Date()): Prisma.SubscriptionWhereInput {
  return { userId, status: { in: ["active", "canceling"] }, expiresAt: { gt: now } };
}

export function liveSubscription(userId: string, db: Db = prisma) {
  return db.subscription.findFirst({ where: liveSubscriptionWhere(userId), orderBy: { expiresAt: "desc" } });
}

type LocalStatus = "active" | "canceling" | "canceled" | "expired";

function localStatus(sub: Stripe.Subscription): LocalStatus | null {
  switch (sub.status) {
    case "active":
    case "trialing":
    case "past_due": // Stripe is still retrying the card: benefits stay until the period ends.
      return sub.cancel_at_period_end ? "canceling" : "active";
    case "canceled":
      return "canceled";
    case "unpaid":
    case "incomplete_expired":
      return "expired";
    default:
      return null; // incomplete or paused: nothing paid for yet
  }
}

/** Stores the subscription's current state and sets the user's plan from it. */
export async function storeSubscription(db: Db, sub: Stripe.Subscription) {
  const userId = sub.metadata?.userId;
  const planCode = sub.metadata?.plan;
  const status = localStatus(sub);
  const item = sub.items.data[0];
  if (!userId || !planCode || !planPrices[planCode] || !status || !item) return;
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) return;
  await ensurePlanRow(db, planCode);
  const data = {
    planCode,
    status,
    periodStart: new Date(item.current_period_start * 1000),
    expiresAt: new Date(item.current_period_end * 1000),
    priceCents: item.price.unit_amount ?? 0,
    currency: item.price.currency.toUpperCase(),
    period: sub.metadata?.period === "year" ? ("year" as const) : ("month" as const),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
  };
  await db.subscription.upsert({
    where: { providerSubscriptionId: sub.id },
    create: { ...data, userId, paymentMethod: "card", providerSubscriptionId: sub.id },
    update: data,
  });
  await refreshUserPlan(db, userId);
}

/**
 * Plans an operator grants on the account itself (no Subscription row): a payment event never
 * takes them away. A provider event touches only the subscription it names (by provider id);
 * the user's plan is then its live subscription's, else the granted plan they hold, else free.
 */
export const grantedPlans = ["trial", "enterprise"] as const;

export async function refreshUserPlan(db: Db, userId: string): Promise<void> {
  const live = await liveSubscription(userId, db);
  if (live) {
    await db.user.update({ where: { id: userId }, data: { planCode: live.planCode } });
    return;
  }
  // Conditional: a granted plan stays; anything else that is no longer paid for drops to free.
  await db.user.updateMany({ where: { id: userId, planCode: { notIn: [...grantedPlans, "free"] } }, data: { planCode: "free" } });
}

/** Subscription rows point at Plan rows; lib/billing/plans.ts is the source they are written from. */
export async function ensurePlanRow(db: Db, code: string) {
  const prices = planPrices[code];
  const row = {
    name: code,
    monthlyMinutes: monthlyMinutesFor(code),
    priceUsdCents: prices?.USD.month ?? 0,
    priceCnyFen: prices?.CNY.month ?? 0,
    yearlyUsdCents: prices?.USD.year ?? 0,
    yearlyCnyFen: prices?.CNY.year ?? 0,
  };
  await db.plan.upsert({ where: { code }, create: { code, ...row }, update: row });
}

/**
 * Operator (npm run promo -- grant-plan <email> <plan>): puts an account on a granted plan,
 * or back on free. A paying account keeps its subscription's plan: the grant is refused.
 */
export async function grantPlan(email: string, plan: (typeof grantedPlans)[number] | "free"): Promise<"granted" | "noSuchUser" | "subscribed"> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) return "noSuchUser";
  if (await liveSubscription(user.id)) return "subscribed";
  await prisma.user.update({ where: { id: user.id }, data: { planCode: plan } });
  return "granted";
}
