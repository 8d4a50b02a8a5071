import "server-only";
import { AppError } from "@/lib/server/errors";
import type { Edition } from "@/lib/edition/edition";
import { prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { currencyOf, isPurchasable, planPrices, type BillingPeriodCode } from "./plans";
import { stripeClient } from "./stripe";
import { liveSubscription } from "./subscriptions";
import { queryPendingAlipayOrder } from "./alipay-query";

// Card checkout (docs/billing.md "Card subscriptions"): a Stripe Checkout Session
// in subscription mode, priced inline from the plan table. The session's
// metadata (and its subscription's) names the user, plan and period, so each
// webhook event can be applied without the others.

export async function createCardCheckout(userId: string, input: { plan: string; period: BillingPeriodCode }, edition: Edition): Promise<{ url: string; sessionId: string }> {
  if (input.plan === "free") throw new AppError("payment.cannotDowngrade");
  if (!isPurchasable(input.plan)) throw new AppError("payment.planNotForSale");
  // One subscription at a time: a change of plan waits for the live one to end (states and transitions).
  if (await liveSubscription(userId)) throw new AppError("payment.alreadySubscribed");
  const stripe = stripeClient();
  if (!stripe) throw new AppError("payment.cardNotConfigured");
  const currency = currencyOf(edition);
  const amount = planPrices[input.plan]![currency][input.period];
  const base = env().APP_URL.replace(/\/$/, "");
  const metadata = { userId, plan: input.plan, period: input.period };
  let session;
  try {
    session = await stripe.checkout.sessions.create({
      mode: "subscription",
      client_reference_id: userId,
      line_items: [
        {
          quantity: 1,
          price_data: { currency: currency.toLowerCase(), unit_amount: amount, recurring: { interval: input.period }, product_data: { name: `Tingji ${input.plan}` } },
        },
      ],
      metadata,
      subscription_data: { metadata },
      success_url: `${base}/transcribe/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/transcribe/payment/cancel`,
    });
  } catch (error) {
    logger.warn("stripe checkout session failed", { err: error instanceof Error ? error.message : String(error) });
    throw new AppError("payment.cardSessionFailed");
  }
  if (!session.url) throw new AppError("payment.cardSessionFailed");
  await prisma.paymentOrder.create({
    data: { userId, planCode: input.plan, period: input.period, amountCents: amount, currency, method: "card", cardOrderId: session.id },
  });
  return { url: session.url, sessionId: session.id };
}

/** The caller's own order, for the success page: pending until the webhook (or Alipay's notify) marks it paid. The id is a Stripe session id or an Alipay order number. */
export async function cardOrderStatus(userId: string, sessionId: string): Promise<{ status: "pending" | "paid" | "failed"; plan: string; period: string }> {
  let order = await prisma.paymentOrder.findFirst({ where: { userId, OR: [{ cardOrderId: sessionId }, { mobileOrderNo: sessionId }] } });
  if (!order) throw new AppError("payment.orderNotFound");
  if (order.status === "pending" && order.method === "mobile" && order.mobileOrderNo) {
    await queryPendingAlipayOrder({ ...order, mobileOrderNo: order.mobileOrderNo });
    order = await prisma.paymentOrder.findUniqueOrThrow({ where: { id: order.id } });
  }
  const status = order.status === "paid" ? "paid" : order.status === "pending" ? "pending" : "failed";
  return { status, plan: order.planCode, period: order.period };
}
