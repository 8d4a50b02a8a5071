import "server-only";
import { AppError } from "@/lib/server/errors";
import { usageSeconds } from "@/lib/billing/usage";
import { shownMinutesOfSeconds } from "@/lib/format/minutes";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";

// The two limits of a live recording (docs/live.md "Limits"): the plan's minutes, counted as
// they are recorded against the same usage ledger as uploads (the period's used seconds plus
// what the caller's open recordings hold; finishing charges the recording through the media
// intake, which moves it from "held" to "used"), and the session's maximum length.

export function liveMaxSeconds(): number {
  return env().LIVE_MAX_SECONDS;
}

/** Seconds the caller's open recordings hold, other than `exceptId`. */
async function heldSeconds(userId: string, exceptId?: string): Promise<number> {
  const rows = await prisma.liveSession.aggregate({
    where: { userId, state: { not: "ended" }, ...(exceptId ? { id: { not: exceptId } } : {}) },
    _sum: { durationSec: true },
  });
  return rows._sum.durationSec ?? 0;
}

/** Whole seconds of the plan left for this recording (its own recorded seconds not yet taken off). */
export async function secondsLeftFor(userId: string, sessionId?: string): Promise<{ left: number; used: number; total: number }> {
  const [usage, held] = await Promise.all([usageSeconds(userId), heldSeconds(userId, sessionId)]);
  const used = usage.used + Math.ceil(held - 1e-9);
  return { left: Math.max(0, usage.total - used), used, total: usage.total };
}

/** The out-of-credits refusal uploads give (the browser opens the same dialog). */
export function outOfCredits(used: number, total: number, needed: number): AppError {
  return new AppError("upload.usageLimit", { used: shownMinutesOfSeconds(used), total: shownMinutesOfSeconds(total), needed: shownMinutesOfSeconds(needed) });
}

export function maxLengthReached(): AppError {
  return new AppError("live.maxLength", { minutes: Math.round(liveMaxSeconds() / 60) });
}
