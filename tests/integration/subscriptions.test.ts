import { STRIPE_LOOPBACK_PORT, WEBHOOK_SECRET } from "./subscriptions.env";
import fs from "node:fs";
import path from "node:path";
import Stripe from "stripe";
import { POST as checkout } from "@/app/api/payments/stripe/checkout/route";
import { POST as webhook } from "@/app/api/payments/stripe/webhook/route";
import { GET as getSubscription } from "@/app/api/payments/subscription/route";
import { POST as cancel } from "@/app/api/payments/subscription/cancel/route";
import { POST as continueSub } from "@/app/api/payments/subscription/continue/route";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as start } from "@/app/api/transcription/start-transcription/[id]/route";
import { GET as usage } from "@/app/api/usage/route";
import { JOB_PRIORITY } from "@/lib/billing/plans";
import { sendRenewalReminders } from "@/lib/billing/reminders";
import { periodOf, usagePeriodOf } from "@/lib/billing/usage";
import { jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { startLoopbackStripe, type LoopbackStripe } from "@/tests/helpers/loopback-stripe";

// Subscription management (docs/billing.md "Subscription management"): the real stripe
// SDK against the loopback server; cancel and continue go through subscriptions.update.
jest.setTimeout(60_000);
let stripe: LoopbackStripe;

beforeAll(async () => {
  await setupTestDatabase();
  stripe = await startLoopbackStripe(STRIPE_LOOPBACK_PORT);
});
afterAll(() => stripe.close());

type Obj = Record<string, unknown>;
type View = { subscription: { plan: string; status: string; expiresAt: string; periodStart: string | null; cancelAtPeriodEnd: boolean; provider: string | null } | null };
const DAY = 86_400_000;

function deliver(event: Obj) {
  const header = Stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
  return call<{ applied: boolean }>(webhook, { json: event, headers: { "stripe-signature": header } });
}

/** A user subscribed to `plan` through checkout and the completed event. */
async function subscribed(label: string, plan = "pro", period = "month") {
  const u = await signIn(label);
  const res = await call<{ sessionId: string }>(checkout, { token: u.token, json: { plan, period } });
  expect(res.code).toBe(200);
  const { session, subscription } = stripe.complete(res.data.sessionId);
  expect((await deliver(stripe.event("checkout.session.completed", session))).data.applied).toBe(true);
  return { ...u, subId: String(subscription.id) };
}

const planOf = async (userId: string) => (await prisma.user.findUniqueOrThrow({ where: { id: userId } })).planCode;

test("subscribe → renew → cancel → continue → expire, through the card and Stripe", async () => {
  const u = await subscribed("lifecycle");
  const first = await call<View>(getSubscription, { token: u.token });
  expect(first.data.subscription).toMatchObject({ plan: "pro", status: "active", cancelAtPeriodEnd: false, provider: "stripe" });
  const firstEnd = new Date(first.data.subscription!.expiresAt).getTime();

  await deliver(stripe.event("invoice.paid", stripe.renew(u.subId)));
  const renewed = await call<View>(getSubscription, { token: u.token });
  expect(new Date(renewed.data.subscription!.expiresAt).getTime() - firstEnd).toBe(30 * DAY);
  expect(new Date(renewed.data.subscription!.periodStart!).getTime()).toBe(firstEnd);

  const canceled = await call<View>(cancel, { token: u.token });
  expect(canceled.code).toBe(200);
  expect(canceled.data.subscription).toMatchObject({ status: "canceling", cancelAtPeriodEnd: true });
  expect(stripe.updates.at(-1)).toEqual({ id: u.subId, cancel_at_period_end: "true" });
  expect(stripe.subscriptions.get(u.subId)!.cancel_at_period_end).toBe(true);
  expect(await planOf(u.userId)).toBe("pro"); // benefits stay until the period ends
  // Stripe's own "updated" event for the same change arrives later and changes nothing.
  await deliver(stripe.event("customer.subscription.updated", stripe.subscriptions.get(u.subId)!));
  expect((await call<View>(getSubscription, { token: u.token })).data.subscription?.status).toBe("canceling");
  expect((await call(cancel, { token: u.token })).message).toBe("There is no subscription that can be canceled.");

  const continued = await call<View>(continueSub, { token: u.token });
  expect(continued.data.subscription).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
  expect(stripe.updates.at(-1)).toEqual({ id: u.subId, cancel_at_period_end: "false" });
  expect((await call(continueSub, { token: u.token })).message).toBe("There is no subscription to reactivate.");

  // Expire: Stripe deletes it at period end; the user drops to free and cannot continue it.
  await deliver(stripe.event("customer.subscription.deleted", stripe.remove(u.subId)));
  expect(await planOf(u.userId)).toBe("free");
  expect((await call<View>(getSubscription, { token: u.token })).data.subscription?.status).toBe("canceled");
  const again = await call(continueSub, { token: u.token });
  expect(again.status).toBe(400);
  expect(again.message).toBe("This subscription is already fully canceled. Please buy a new plan.");
});

test("a live subscription past its expiry shows as expired and no longer gives the plan's period", async () => {
  const u = await subscribed("lapsed");
  await prisma.subscription.update({ where: { providerSubscriptionId: u.subId }, data: { expiresAt: new Date(Date.now() - DAY), periodStart: new Date(Date.now() - 31 * DAY) } });
  expect((await call<View>(getSubscription, { token: u.token })).data.subscription?.status).toBe("expired");
  expect(await usagePeriodOf(u.userId)).toEqual(periodOf(new Date()));
});

test("someone on Pro cannot buy a second subscription; free is no downgrade target; a stranger cancels nothing", async () => {
  const u = await subscribed("dup");
  const second = await call(checkout, { token: u.token, json: { plan: "premium", period: "year" } });
  expect(second.status).toBe(409);
  expect(second.message).toBe("You already have an active subscription. Manage it from your subscription card.");
  const same = await call(checkout, { token: u.token, json: { plan: "pro", period: "month" } });
  expect(same.status).toBe(409);
  const free = await call(checkout, { token: u.token, json: { plan: "free", period: "month" } });
  expect(free.message).toBe("A paid plan cannot be downgraded to free.");
  // Spanish caller: the catalogue answers in their language.
  const es = await call(checkout, { token: u.token, json: { plan: "pro", period: "month" }, headers: { "x-locale": "es" } });
  expect(es.message).toBe("Ya tienes una suscripción activa. Gestiónala desde tu tarjeta de suscripción.");

  const stranger = await signIn("stranger");
  expect((await call<View>(getSubscription, { token: stranger.token })).data.subscription).toBeNull();
  expect((await call(cancel, { token: stranger.token })).message).toBe("There is no subscription that can be canceled.");
  expect((await call(continueSub, { token: stranger.token })).message).toBe("There is no subscription to reactivate.");
  expect(stripe.subscriptions.get(u.subId)!.cancel_at_period_end).toBe(false);
});

test("usage resets on the subscription's anniversary; free users keep the calendar month", async () => {
  const free = await signIn("calendar");
  expect(await usagePeriodOf(free.userId)).toEqual(periodOf(new Date()));

  const monthly = await subscribed("anniv-month");
  const row = await prisma.subscription.findUniqueOrThrow({ where: { providerSubscriptionId: monthly.subId } });
  expect(await usagePeriodOf(monthly.userId)).toEqual({ start: row.periodStart, next: row.expiresAt });
  const shown = await call<{ nextResetDate: string; totalMinutes: number }>(usage, { token: monthly.token });
  expect(shown.data).toMatchObject({ nextResetDate: row.expiresAt.toISOString(), totalMinutes: 5000 });
  // Minutes used before the anniversary stay in their own period.
  await prisma.usagePeriod.create({ data: { userId: monthly.userId, periodStart: new Date(row.periodStart!.getTime() - 30 * DAY), nextResetAt: row.periodStart!, usedSeconds: 600 } });
  expect((await call<{ usedMinutes: number }>(usage, { token: monthly.token })).data.usedMinutes).toBe(0);
  // A renewal starts the next period: used minutes count from zero again.
  await prisma.usagePeriod.create({ data: { userId: monthly.userId, periodStart: row.periodStart!, nextResetAt: row.expiresAt, usedSeconds: 1200 } });
  expect((await call<{ usedMinutes: number }>(usage, { token: monthly.token })).data.usedMinutes).toBe(20);
  await deliver(stripe.event("invoice.paid", stripe.renew(monthly.subId)));
  expect((await call<{ usedMinutes: number; nextResetDate: string }>(usage, { token: monthly.token })).data.usedMinutes).toBe(0);

  // A yearly subscription resets monthly on the day it started (Jan 31 → Feb 28 → Mar 31).
  const yearly = await subscribed("anniv-year", "pro", "year");
  const started = new Date("2026-01-31T10:00:00Z");
  await prisma.subscription.update({ where: { providerSubscriptionId: yearly.subId }, data: { periodStart: started } });
  expect(await usagePeriodOf(yearly.userId, prisma, new Date("2026-02-15T00:00:00Z"))).toEqual({ start: started, next: new Date("2026-02-28T10:00:00Z") });
  expect(await usagePeriodOf(yearly.userId, prisma, new Date("2026-03-05T00:00:00Z"))).toEqual({ start: new Date("2026-02-28T10:00:00Z"), next: new Date("2026-03-31T10:00:00Z") });
});

test("the renewal reminder mail goes out once per period, a few days before the card renews", async () => {
  const u = await subscribed("remind");
  const outbox = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "var"), "outbox");
  const mails = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith(`${u.email.replace(/[^a-z0-9@._-]/gi, "_")}.json`)) : []);
  const before = mails().length;
  // 30 days left: not yet.
  await sendRenewalReminders();
  expect(mails()).toHaveLength(before);
  const renewsAt = new Date(Date.now() + 2 * DAY);
  await prisma.subscription.update({ where: { providerSubscriptionId: u.subId }, data: { expiresAt: renewsAt } });
  // Three sweeps at once, then one more: one mail.
  await Promise.all([sendRenewalReminders(), sendRenewalReminders(), sendRenewalReminders()]);
  await sendRenewalReminders();
  expect(mails()).toHaveLength(before + 1);
  const mail = JSON.parse(fs.readFileSync(path.join(outbox, mails().sort().at(-1)!), "utf8")) as { subject: string; text: string };
  expect(mail.subject).toBe("Your Tingji subscription renews soon");
  expect(mail.text).toContain("Your Pro subscription renews automatically on");
  // The next period (after a renewal) gets its own reminder; a canceling subscription gets none.
  await prisma.subscription.update({ where: { providerSubscriptionId: u.subId }, data: { expiresAt: new Date(renewsAt.getTime() + DAY) } });
  await sendRenewalReminders();
  expect(mails()).toHaveLength(before + 2);
  await prisma.subscription.update({ where: { providerSubscriptionId: u.subId }, data: { expiresAt: new Date(renewsAt.getTime() + 2 * DAY), cancelAtPeriodEnd: true, status: "canceling" } });
  await sendRenewalReminders();
  expect(mails()).toHaveLength(before + 2);
});

test("paying users' transcriptions get the higher queue priority", async () => {
  const queued = async (token: string) => {
    const res = await call<{ tasks: { id: string }[] }>(create, { token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }], { start: "false" }) });
    const id = res.data.tasks[0]!.id;
    expect((await call(start, { token, params: { id } })).code).toBe(200);
    return (await queue(queues.media).getJob(jobIdFor("transcription.run", id)))!;
  };
  const free = await signIn("prio-free");
  expect((await queued(free.token)).opts.priority).toBe(JOB_PRIORITY.free);
  const pro = await subscribed("prio-pro");
  expect((await queued(pro.token)).opts.priority).toBe(JOB_PRIORITY.pro);
  expect(JOB_PRIORITY.pro).toBeLessThan(JOB_PRIORITY.free);
});
