import { STRIPE_LOOPBACK_PORT, WEBHOOK_SECRET } from "./payments-stripe.env";
import Stripe from "stripe";
import { GET as listPlans } from "@/app/api/payments/plans/route";
import { POST as checkout } from "@/app/api/payments/stripe/checkout/route";
import { POST as webhook } from "@/app/api/payments/stripe/webhook/route";
import { GET as paymentStatus } from "@/app/api/payments/status/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { startLoopbackStripe, type LoopbackStripe } from "@/tests/helpers/loopback-stripe";

// Card subscriptions (docs/billing.md): the real stripe SDK against the loopback
// server; webhooks signed by stripe.webhooks.generateTestHeaderString.
let stripe: LoopbackStripe;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  stripe = await startLoopbackStripe(STRIPE_LOOPBACK_PORT);
  user = await signIn("card");
});
afterAll(() => stripe.close());

type Obj = Record<string, unknown>;

function deliver(event: Obj, secret = WEBHOOK_SECRET) {
  const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret });
  return call<{ applied: boolean }>(webhook, { json: event, headers: { "stripe-signature": header } });
}

async function startCheckout(token: string, plan = "pro", period = "month") {
  const res = await call<{ url: string; sessionId: string }>(checkout, { token, json: { plan, period } });
  expect(res.code).toBe(200);
  return res.data;
}

const subscriptionOf = (providerSubscriptionId: string) => prisma.subscription.findUniqueOrThrow({ where: { providerSubscriptionId } });
const planOf = async (userId: string) => (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).planCode;

test("plans come in the edition's currency with the caller's plan marked", async () => {
  const intl = await call<{ currency: string; currentPlan: string; cardPayment: boolean; plans: { code: string; price: { month: number; year: number } | null }[] }>(listPlans, { token: user.token });
  expect(intl.data).toMatchObject({ currency: "USD", currentPlan: "free", cardPayment: true });
  expect(intl.data.plans.find((p) => p.code === "pro")?.price).toEqual({ month: 1999, year: 19990 });
  // Accounts belong to their edition: the China host's plans are asked by an account made there.
  const cn = await signIn("plans-cn", { edition: "china" });
  const china = await call<{ currency: string; plans: { code: string; price: { month: number } | null }[] }>(listPlans, { token: cn.token, headers: { host: "tingji.cn" } });
  expect(china.data.currency).toBe("CNY");
  expect(china.data.plans.find((p) => p.code === "pro")?.price?.month).toBe(6800);
});

test("checkout creates a subscription-mode session priced from the plan table, and a pending order", async () => {
  const { url, sessionId } = await startCheckout(user.token, "pro", "year");
  expect(url).toBe(`${stripe.url}/pay/${sessionId}`);
  const form = stripe.created.at(-1)!;
  expect(form).toMatchObject({
    mode: "subscription",
    "line_items[0][price_data][currency]": "usd",
    "line_items[0][price_data][unit_amount]": "19990",
    "line_items[0][price_data][recurring][interval]": "year",
    "subscription_data[metadata][userId]": user.userId,
    success_url: "http://127.0.0.1:3000/transcribe/payment/success?session_id={CHECKOUT_SESSION_ID}",
  });
  const order = await prisma.paymentOrder.findUniqueOrThrow({ where: { cardOrderId: sessionId } });
  expect(order).toMatchObject({ status: "pending", method: "card", amountCents: 19990, currency: "USD", period: "year" });
  const status = await call<{ status: string }>(paymentStatus, { token: user.token, query: { session_id: sessionId } });
  expect(status.data.status).toBe("pending");
});

test("free and unsold plans are refused with catalogue messages", async () => {
  const free = await call(checkout, { token: user.token, json: { plan: "free", period: "month" } });
  expect(free.message).toBe("A paid plan cannot be downgraded to free.");
  const enterprise = await call(checkout, { token: user.token, json: { plan: "enterprise", period: "month" } });
  expect(enterprise.message).toBe("This plan cannot be bought online.");
});

test("a forged or unsigned webhook is refused with 400 and changes nothing", async () => {
  const u = await signIn("forged");
  const { sessionId } = await startCheckout(u.token);
  const { session } = stripe.complete(sessionId);
  const event = stripe.event("checkout.session.completed", session);
  const forged = await deliver(event, "whsec_wrong");
  expect(forged.status).toBe(400);
  const unsigned = await call(webhook, { json: event });
  expect(unsigned.status).toBe(400);
  const tampered = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
  const altered = await call(webhook, { json: { ...event, id: "evt_other" }, headers: { "stripe-signature": tampered } });
  expect(altered.status).toBe(400);
  expect(await planOf(u.userId)).toBe("free");
  expect(await prisma.stripeEvent.count({ where: { id: String(event.id) } })).toBe(0);
  expect((await prisma.paymentOrder.findUniqueOrThrow({ where: { cardOrderId: sessionId } })).status).toBe("pending");
});

test("checkout completed: the order is paid, the user is on the plan until the period ends; a redelivery applies nothing", async () => {
  const u = await signIn("subscribe");
  const { sessionId } = await startCheckout(u.token);
  const { session, subscription } = stripe.complete(sessionId);
  const event = stripe.event("checkout.session.completed", session);
  const first = await deliver(event);
  expect(first.data.applied).toBe(true);
  expect(await planOf(u.userId)).toBe("pro");
  const sub = await subscriptionOf(String(subscription.id));
  expect(sub).toMatchObject({ status: "active", planCode: "pro", paymentMethod: "card", period: "month", priceCents: 1999, currency: "USD" });
  expect(sub.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  const again = await deliver(event);
  expect(again.code).toBe(200);
  expect(again.data.applied).toBe(false);
  expect(await prisma.subscription.count({ where: { userId: u.userId } })).toBe(1);
  const status = await call<{ status: string; plan: string }>(paymentStatus, { token: u.token, query: { session_id: sessionId } });
  expect(status.data).toMatchObject({ status: "paid", plan: "pro" });
  // Another user never sees this order.
  const other = await call(paymentStatus, { token: user.token, query: { session_id: sessionId } });
  expect(other.code).toBe(404);
});

test("invoice paid (renewal) extends the period; updated sets canceling; deleted drops the user to free", async () => {
  const u = await signIn("lifecycle");
  const { sessionId } = await startCheckout(u.token);
  const { session, subscription } = stripe.complete(sessionId);
  const subId = String(subscription.id);
  await deliver(stripe.event("checkout.session.completed", session));
  const before = (await subscriptionOf(subId)).expiresAt.getTime();

  await deliver(stripe.event("invoice.paid", stripe.renew(subId)));
  const renewed = await subscriptionOf(subId);
  expect(renewed.expiresAt.getTime() - before).toBe(30 * 86_400_000);

  await deliver(stripe.event("customer.subscription.updated", stripe.setCancelAtPeriodEnd(subId, true)));
  expect(await subscriptionOf(subId)).toMatchObject({ status: "canceling", cancelAtPeriodEnd: true });
  expect(await planOf(u.userId)).toBe("pro");

  await deliver(stripe.event("customer.subscription.updated", stripe.setCancelAtPeriodEnd(subId, false)));
  expect(await subscriptionOf(subId)).toMatchObject({ status: "active", cancelAtPeriodEnd: false });

  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(subId)));
  expect((await subscriptionOf(subId)).status).toBe("canceled");
  expect(await planOf(u.userId)).toBe("free");
});

test("out of order: a late checkout event does not revive a deleted subscription; a renewal seen first is applied in full", async () => {
  const u = await signIn("order");
  const { sessionId } = await startCheckout(u.token);
  const { session, subscription } = stripe.complete(sessionId);
  const subId = String(subscription.id);
  const completed = stripe.event("checkout.session.completed", session);
  const renewal = stripe.event("invoice.paid", stripe.renew(subId));
  // The renewal arrives before the checkout event: the subscription is stored from Stripe's state.
  await deliver(renewal);
  expect(await planOf(u.userId)).toBe("pro");
  const expiresAt = (await subscriptionOf(subId)).expiresAt.getTime();
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(subId)));
  // The checkout event comes last: the order is paid, the subscription stays canceled.
  const late = await deliver(completed);
  expect(late.data.applied).toBe(true);
  expect(await subscriptionOf(subId)).toMatchObject({ status: "canceled" });
  expect((await subscriptionOf(subId)).expiresAt.getTime()).toBe(expiresAt);
  expect(await planOf(u.userId)).toBe("free");
  expect((await prisma.paymentOrder.findUniqueOrThrow({ where: { cardOrderId: sessionId } })).status).toBe("paid");
});

test("the same event delivered twice at once is applied once", async () => {
  const u = await signIn("twice");
  const { sessionId } = await startCheckout(u.token);
  const { session } = stripe.complete(sessionId);
  const event = stripe.event("checkout.session.completed", session);
  const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
  expect(answers.every((a) => a.code === 200)).toBe(true);
  expect(answers.filter((a) => a.data.applied)).toHaveLength(1);
  expect(await prisma.stripeEvent.count({ where: { id: String(event.id) } })).toBe(1);
});

test("refund (docs/billing.md 'Refunds'): charge.refunded alone changes nothing; the refund's immediate cancel drops the user to free at once", async () => {
  const u = await signIn("refund");
  const { sessionId } = await startCheckout(u.token);
  const { session, subscription } = stripe.complete(sessionId);
  const subId = String(subscription.id);
  await deliver(stripe.event("checkout.session.completed", session));
  const refunded = await deliver(stripe.event("charge.refunded", { id: "ch_test_refund", object: "charge", amount: 1999, amount_refunded: 1999, refunded: true }));
  expect(refunded.code).toBe(200);
  expect(await planOf(u.userId)).toBe("pro");
  // The operator refunds with "cancel immediately": Stripe deletes the subscription before its period ends.
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(subId)));
  const row = await subscriptionOf(subId);
  expect(row.status).toBe("canceled");
  expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now());
  expect(await planOf(u.userId)).toBe("free");
});

test("an operator-granted trial is not overwritten by events of an old subscription; a live purchase still sets the plan", async () => {
  const u = await signIn("granted-trial");
  const { sessionId } = await startCheckout(u.token);
  const { session, subscription } = stripe.complete(sessionId);
  const subId = String(subscription.id);
  await deliver(stripe.event("checkout.session.completed", session));
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(subId)));
  expect(await planOf(u.userId)).toBe("free");
  // The operator grants a trial (npm run promo -- grant-plan <email> trial).
  await prisma.user.update({ where: { id: u.userId }, data: { planCode: "trial" } });
  // Late or redelivered events of the old subscription (new event ids) touch only that subscription.
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(subId)));
  await deliver(stripe.event("customer.subscription.updated", stripe.setCancelAtPeriodEnd(subId, true)));
  await deliver(stripe.event("checkout.session.completed", session));
  expect(await planOf(u.userId)).toBe("trial");
  expect(await prisma.subscription.count({ where: { userId: u.userId } })).toBe(1);

  // Buying a plan replaces the grant while it is live; when it ends the user is on free.
  const next = await startCheckout(u.token, "premium");
  const bought = stripe.complete(next.sessionId);
  await deliver(stripe.event("checkout.session.completed", bought.session));
  expect(await planOf(u.userId)).toBe("premium");
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(String(bought.subscription.id))));
  expect(await planOf(u.userId)).toBe("free");
});
