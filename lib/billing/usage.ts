import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";
import { monthlyMinutesFor } from "./plans";

// Usage is counted in whole seconds (UsagePeriod.usedSeconds); answers show minutes.
// Every change to usedSeconds goes through the charge ledger (./ledger.ts).

export function periodOf(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, next };
}

export interface Usage {
  usedMinutes: number;
  totalMinutes: number;
  remainingMinutes: number;
  nextResetDate: string;
  plan: string;
}

/** Seconds used in the current period and the plan's total, in seconds. */
export async function usageSeconds(userId: string, db: Prisma.TransactionClient = prisma): Promise<{ used: number; total: number; planCode: string }> {
  const { start } = periodOf(new Date());
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true, bonusMinutes: true } });
  const period = await db.usagePeriod.findUnique({ where: { userId_periodStart: { userId, periodStart: start } }, select: { usedSeconds: true } });
  return { used: period?.usedSeconds ?? 0, total: (monthlyMinutesFor(user.planCode) + user.bonusMinutes) * 60, planCode: user.planCode };
}

export async function getUsage(userId: string, db: Prisma.TransactionClient = prisma): Promise<Usage> {
  const { next } = periodOf(new Date());
  const { used, total, planCode } = await usageSeconds(userId, db);
  const usedMinutes = secondsToMinutes(used);
  const totalMinutes = total / 60;
  return { usedMinutes, totalMinutes, remainingMinutes: Math.max(0, secondsToMinutes(total - used)), nextResetDate: next.toISOString(), plan: planCode };
}

/** Minutes shown for a number of seconds, to two decimals. */
export function secondsToMinutes(seconds: number): number {
  return Math.round((seconds / 60) * 100) / 100;
}

/** Seconds billed for a recording of this length: whole seconds, rounded up. */
export function billableSeconds(durationSec: number): number {
  return Math.max(0, Math.ceil(durationSec - 1e-9));
}
