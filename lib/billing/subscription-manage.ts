import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";
import { logger } from "@/lib/server/logger";
import { stripeClient } from "./stripe";
import { liveSubscription, storeSubscription } from "./subscriptions";

// The subscription card (docs/billing.md "Subscription management"): the caller's
// subscription, cancel at period end and continue (undo the cancel) through
// Stripe's subscriptions.update; the answer is stored the same way a webhook
// stores it, so the later customer.subscription.updated event changes nothing.

export interface SubscriptionView {
  plan: string;
  /** active, canceling, canceled or expired; a live row past its expiry shows as expired. */
  status: "active" | "canceling" | "canceled" | "expired";
  period: "month" | "year";
  priceCents: number;
  currency: string;
  paymentMethod: string;
  provider: "stripe" | null;
  periodStart: string | null;
  expiresAt: string;
  cancelAtPeriodEnd: boolean;
}

/** The caller's live subscription, else their latest one (to say it expired), else null. */
export async function getSubscription(userId: string): Promise<{ subscription: SubscriptionView | null }> {
  const row = (await liveSubscription(userId)) ?? (await prisma.subscription.findFirst({ where: { userId }, orderBy: { expiresAt: "desc" } }));
  if (!row) return { subscription: null };
  const lapsed = (row.status === "active" || row.status === "canceling") && row.expiresAt <= new Date();
  return {
    subscription: {
      plan: row.planCode,
      status: lapsed ? "expired" : row.status,
      period: row.period,
      priceCents: row.priceCents,
      currency: row.currency,
      paymentMethod: row.paymentMethod,
      provider: row.providerSubscriptionId ? "stripe" : null,
      periodStart: row.periodStart?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
  };
}

export async function cancelSubscription(userId: string) {
  const live = await liveSubscription(userId);
  if (!live?.providerSubscriptionId || live.status !== "active") throw new AppError("payment.noneCancelable");
  await updateAtStripe(live.providerSubscriptionId, true, "payment.cancelFailed");
  return getSubscription(userId);
}

export async function continueSubscription(userId: string) {
  const live = await liveSubscription(userId);
  if (!live) {
    // Fully canceled or expired: only a new purchase brings the plan back (states and transitions).
    const last = await prisma.subscription.findFirst({ where: { userId }, orderBy: { expiresAt: "desc" }, select: { id: true } });
    throw new AppError(last ? "payment.alreadyCanceled" : "payment.noneToReactivate");
  }
  // Alipay (China edition) has no automatic renewal to switch back on: only a new payment continues it.
  if (live.paymentMethod === "mobile") throw new AppError("payment.continueNeedsPayment");
  if (live.status !== "canceling" || !live.providerSubscriptionId) throw new AppError("payment.noneToReactivate");
  await updateAtStripe(live.providerSubscriptionId, false, "payment.continueFailed");
  return getSubscription(userId);
}

async function updateAtStripe(subscriptionId: string, cancelAtPeriodEnd: boolean, failure: "payment.cancelFailed" | "payment.continueFailed") {
  const stripe = stripeClient();
  if (!stripe) throw new AppError("payment.cardNotConfigured");
  let sub;
  try {
    sub = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancelAtPeriodEnd });
  } catch (error) {
    logger.warn("stripe subscription update failed", { subscriptionId, err: error instanceof Error ? error.message : String(error) });
    throw new AppError(failure);
  }
  await prisma.$transaction((db) => storeSubscription(db, sub));
}
