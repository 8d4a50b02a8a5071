import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { monthlyMinutesFor } from "./plans";

// Minutes are reserved when a task is created (so parallel uploads cannot
// overrun the plan) and given back if the task finally fails.

function periodOf(now: Date): { start: Date; next: Date } {
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

export async function getUsage(userId: string, db: Prisma.TransactionClient = prisma): Promise<Usage> {
  const { start, next } = periodOf(new Date());
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true, bonusMinutes: true } });
  const period = await db.usagePeriod.findUnique({ where: { userId_periodStart: { userId, periodStart: start } }, select: { usedMinutes: true } });
  const used = Math.round((period?.usedMinutes ?? 0) * 100) / 100;
  const total = monthlyMinutesFor(user.planCode) + user.bonusMinutes;
  return { usedMinutes: used, totalMinutes: total, remainingMinutes: Math.max(0, total - used), nextResetDate: next.toISOString(), plan: user.planCode };
}

/**
 * Reserves minutes inside the caller's transaction; throws upload.usageLimit
 * when used plus this upload would pass the plan's total (spec §5).
 * A row lock on the period serialises concurrent reservations of one user.
 */
export async function reserveMinutes(db: Prisma.TransactionClient, userId: string, minutes: number): Promise<void> {
  const { start, next } = periodOf(new Date());
  await db.usagePeriod.upsert({
    where: { userId_periodStart: { userId, periodStart: start } },
    create: { userId, periodStart: start, nextResetAt: next },
    update: {},
  });
  await db.$queryRaw`SELECT id FROM "UsagePeriod" WHERE "userId" = ${userId} AND "periodStart" = ${start} FOR UPDATE`;
  const usage = await getUsage(userId, db);
  if (usage.usedMinutes + minutes > usage.totalMinutes + 1e-9) {
    throw new AppError("upload.usageLimit", { used: Math.ceil(usage.usedMinutes), total: usage.totalMinutes, needed: Math.ceil(minutes) });
  }
  await db.usagePeriod.update({ where: { userId_periodStart: { userId, periodStart: start } }, data: { usedMinutes: { increment: minutes } } });
}

export async function refundMinutes(userId: string, minutes: number, chargedAt: Date): Promise<void> {
  if (minutes <= 0) return;
  const { start } = periodOf(chargedAt);
  await prisma.usagePeriod.updateMany({ where: { userId, periodStart: start }, data: { usedMinutes: { decrement: minutes } } });
}

/** Minutes billed for a recording of this many seconds: whole seconds, in minutes. */
export function billableMinutes(durationSec: number): number {
  return Math.ceil(durationSec) / 60;
}
