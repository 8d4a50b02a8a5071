import "server-only";
import type Stripe from "stripe";
import { AppError } from "@/lib/server/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { stripeClient } from "./stripe";
import { storeSubscription } from "./subscriptions";

// POST /api/payments/stripe/webhook (docs/billing.md "Card subscriptions").
// Each event is applied once: its id goes into StripeEvent in the same
// transaction as its effect, so a redelivery (or a concurrent one) changes
// nothing. Order does not matter: every event that names a subscription makes
// us read that subscription's current state from Stripe and store it, so a late
// "completed" cannot revive a deleted subscription, and a renewal read before
// the checkout event is applied in full.

type Db = Prisma.TransactionClient;

export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ applied: boolean }> {
  const stripe = stripeClient();
  const secret = env().STRIPE_WEBHOOK_SECRET;
  // Without a configuration nothing can be verified: the same 400 as a bad signature.
  if (!stripe || !secret) throw new AppError("payment.cannotVerify");
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature ?? "", secret);
  } catch {
    throw new AppError("payment.cannotVerify");
  }
  if (await prisma.stripeEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return { applied: false };
  const subscriptionId = subscriptionIdOf(event);
  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  try {
    await prisma.$transaction(async (db) => {
      await db.stripeEvent.create({ data: { id: event.id, type: event.type } });
      if (event.type === "checkout.session.completed") await markOrderPaid(db, event.data.object);
      if (subscription) await storeSubscription(db, subscription);
    });
  } catch (error) {
    // A concurrent delivery of the same event stored it first.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return { applied: false };
    throw error;
  }
  return { applied: true };
}

function idOf(ref: string | { id: string } | null | undefined): string | null {
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

/** The Stripe subscription an event is about, for the events we handle. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  switch (event.type) {
    case "checkout.session.completed":
      return event.data.object.mode === "subscription" ? idOf(event.data.object.subscription) : null;
    case "invoice.paid":
      return idOf(event.data.object.parent?.subscription_details?.subscription);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return event.data.object.id;
    default:
      return null;
  }
}

async function markOrderPaid(db: Db, session: Stripe.Checkout.Session) {
  if (session.payment_status !== "paid" && session.payment_status !== "no_payment_required") return;
  await db.paymentOrder.updateMany({ where: { cardOrderId: session.id, status: "pending" }, data: { status: "paid", paidAt: new Date(), tradeNo: idOf(session.subscription) } });
}
