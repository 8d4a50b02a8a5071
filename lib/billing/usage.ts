import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";
import { monthlyMinutesFor } from "./plans";
import { liveSubscription } from "./subscriptions";

// Usage is counted in whole seconds (UsagePeriod.usedSeconds); answers give both, and the UI shows
// minutes by the one display rule (lib/format/minutes.ts, docs/billing.md "Durations and minutes").
// Every change to usedSeconds goes through the charge ledger (./ledger.ts).

/** The calendar month of `now` (UTC): the usage period of users without a live subscription. */
export function periodOf(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, next };
}

/** `date` moved by whole months, the day clamped to the target month's last day (Jan 31 + 1 month = Feb 28/29). */
function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/**
 * THE usage period of a user (docs/billing.md "Usage period"): a subscriber's resets on the
 * subscription's anniversary (a monthly one: its paid period; a yearly one: each month from
 * the period's start), everyone else's on the 1st of the calendar month.
 */
export async function usagePeriodOf(userId: string, db: Prisma.TransactionClient = prisma, now = new Date()): Promise<{ start: Date; next: Date }> {
  const sub = await liveSubscription(userId, db);
  if (!sub?.periodStart || sub.periodStart > now) return periodOf(now);
  if (sub.period === "month") return { start: sub.periodStart, next: sub.expiresAt };
  for (let k = 0; k < 12; k++) {
    const next = addMonths(sub.periodStart, k + 1);
    if (next > now) return { start: addMonths(sub.periodStart, k), next };
  }
  return periodOf(now);
}

export interface Usage {
  /** Minutes to two decimals (display them through lib/format/minutes). */
  usedMinutes: number;
  totalMinutes: number;
  remainingMinutes: number;
  /** The exact whole seconds, as billed: compare these, not the rounded minutes. */
  usedSeconds: number;
  totalSeconds: number;
  nextResetDate: string;
  plan: string;
}

/** Seconds used in the current period and the plan's total, in seconds. */
export async function usageSeconds(userId: string, db: Prisma.TransactionClient = prisma): Promise<{ used: number; total: number; planCode: string }> {
  const { start } = await usagePeriodOf(userId, db);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true, bonusMinutes: true } });
  const period = await db.usagePeriod.findUnique({ where: { userId_periodStart: { userId, periodStart: start } }, select: { usedSeconds: true } });
  return { used: period?.usedSeconds ?? 0, total: (monthlyMinutesFor(user.planCode) + user.bonusMinutes) * 60, planCode: user.planCode };
}

export async function getUsage(userId: string, db: Prisma.TransactionClient = prisma): Promise<Usage> {
  const { next } = await usagePeriodOf(userId, db);
  const { used, total, planCode } = await usageSeconds(userId, db);
  const usedMinutes = secondsToMinutes(used);
  const totalMinutes = total / 60;
  return {
    usedMinutes,
    totalMinutes,
    remainingMinutes: Math.max(0, secondsToMinutes(total - used)),
    usedSeconds: used,
    totalSeconds: total,
    nextResetDate: next.toISOString(),
    plan: planCode,
  };
}

/** Minutes shown for a number of seconds, to two decimals. */
export function secondsToMinutes(seconds: number): number {
  return Math.round((seconds / 60) * 100) / 100;
}

/** Seconds billed for a recording of this length: whole seconds, rounded up. */
export function billableSeconds(durationSec: number): number {
  return Math.max(0, Math.ceil(durationSec - 1e-9));
}
