import "server-only";
import { AppError } from "@/lib/server/errors";
import { shownMinutesOfSeconds } from "@/lib/format/minutes";
import { Prisma } from "@/lib/server/prisma";
import { usagePeriodOf, usageSeconds } from "./usage";

// The charge ledger: one UsageCharge row per task. Every function runs inside
// the caller's transaction, next to the task's own status change, so a charge
// or refund happens together with the change it pays for, or not at all.
//  - chargeTask: charges once; a second attempt (double click, second web
//    process, retry racing a retry) finds the live charge and charges nothing.
//  - refundTask: at most once (refundedAt), into the period the charge was made in.
//  - correctCharge: sets the charge to the decoded length, the difference going back.

type Db = Prisma.TransactionClient;

/** Locks the user's current period row (creating it first): every charge of one user waits here for the one before. */
async function lockCurrentPeriod(db: Db, userId: string): Promise<Date> {
  const { start, next } = await usagePeriodOf(userId, db);
  // INSERT … ON CONFLICT DO NOTHING: an upsert (read, then insert) lost the race when a user's first two requests came at once.
  await db.usagePeriod.createMany({ data: [{ userId, periodStart: start, nextResetAt: next }], skipDuplicates: true });
  await db.$queryRaw`SELECT id FROM "UsagePeriod" WHERE "userId" = ${userId} AND "periodStart" = ${start} FOR UPDATE`;
  return start;
}

/** Throws upload.usageLimit when `seconds` more do not fit the plan this month (call with the period locked). */
async function checkFits(db: Db, userId: string, seconds: number) {
  const usage = await usageSeconds(userId, db);
  if (usage.used + seconds > usage.total) {
    throw new AppError("upload.usageLimit", { used: shownMinutesOfSeconds(usage.used), total: shownMinutesOfSeconds(usage.total), needed: shownMinutesOfSeconds(seconds) });
  }
}

async function addToPeriod(db: Db, userId: string, periodStart: Date, seconds: number) {
  if (seconds === 0) return;
  await db.usagePeriod.updateMany({ where: { userId, periodStart }, data: { usedSeconds: { increment: seconds } } });
}

/**
 * Charges the task's seconds in the current period, unless it already has a
 * live (unrefunded) charge. Returns whether it charged. Throws upload.usageLimit
 * when the plan cannot hold them (the caller's transaction then rolls back).
 */
export async function chargeTask(db: Db, charge: { taskId: string; userId: string; seconds: number }): Promise<boolean> {
  const seconds = Math.max(0, Math.ceil(charge.seconds));
  const periodStart = await lockCurrentPeriod(db, charge.userId);
  // Read under the lock: a concurrent charge of this task has committed by now.
  const existing = await db.usageCharge.findUnique({ where: { taskId: charge.taskId }, select: { id: true, refundedAt: true } });
  if (existing && !existing.refundedAt) return false;
  await checkFits(db, charge.userId, seconds);
  if (existing) {
    // A retry after a refund: re-arm the same row, only if nobody did it meanwhile.
    const rearmed = await db.usageCharge.updateMany({
      where: { id: existing.id, refundedAt: { not: null } },
      data: { refundedAt: null, seconds, intakeSeconds: seconds, periodStart },
    });
    if (rearmed.count === 0) return false;
  } else {
    // The unique taskId is the last guard: a concurrent first charge fails here and rolls its transaction back.
    await db.usageCharge.create({ data: { taskId: charge.taskId, userId: charge.userId, seconds, intakeSeconds: seconds, periodStart } });
  }
  await addToPeriod(db, charge.userId, periodStart, seconds);
  return true;
}

/** Charges several new tasks at once (one upload, one batch of documents): the plan must hold them all, or none is charged. */
export async function chargeTasks(db: Db, userId: string, charges: { taskId: string; seconds: number }[]): Promise<void> {
  await lockCurrentPeriod(db, userId);
  await checkFits(db, userId, charges.reduce((sum, c) => sum + Math.max(0, Math.ceil(c.seconds)), 0));
  for (const c of charges) await chargeTask(db, { taskId: c.taskId, userId, seconds: c.seconds });
}

/** Gives the task's live charge back to the period it was made in; returns the seconds refunded (0 if none). */
export async function refundTask(db: Db, taskId: string): Promise<number> {
  const rows = await db.$queryRaw<{ userId: string; periodStart: Date; seconds: number }[]>`
    UPDATE "UsageCharge" SET "refundedAt" = now(), "updatedAt" = now()
    WHERE "taskId" = ${taskId} AND "refundedAt" IS NULL
    RETURNING "userId", "periodStart", "seconds"`;
  const row = rows[0];
  if (!row) return 0;
  await addToPeriod(db, row.userId, row.periodStart, -row.seconds);
  return row.seconds;
}

/**
 * Bills the task on the length its audio really decoded to. Less than charged:
 * the difference goes back to the charge's period. More (a header that claimed
 * less than the file holds): the difference is charged now, within the plan.
 * Idempotent: a second call with the same length changes nothing.
 */
export async function correctCharge(db: Db, taskId: string, decodedSec: number): Promise<{ from: number; to: number } | null> {
  const to = Math.max(0, Math.ceil(decodedSec - 1e-9));
  const rows = await db.$queryRaw<{ id: string; userId: string; periodStart: Date; seconds: number }[]>`
    SELECT id, "userId", "periodStart", seconds FROM "UsageCharge" WHERE "taskId" = ${taskId} AND "refundedAt" IS NULL FOR UPDATE`;
  const charge = rows[0];
  if (!charge || charge.seconds === to) return null;
  // More than charged is checked against the plan now; the row's seconds stay whole in the period it was made in.
  if (to > charge.seconds) {
    await lockCurrentPeriod(db, charge.userId);
    await checkFits(db, charge.userId, to - charge.seconds);
  }
  await db.usageCharge.update({ where: { id: charge.id }, data: { seconds: to } });
  await addToPeriod(db, charge.userId, charge.periodStart, to - charge.seconds);
  return { from: charge.seconds, to };
}
