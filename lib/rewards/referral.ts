import "server-only";
import { creditBonusMinutes } from "@/lib/billing/bonus";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";
import { normalizeCode, REFERRAL_BONUS_MINUTES, REFERRAL_VIDEO_TOOL_USES } from "./constants";
import { isUniqueViolation } from "./errors";

// Referrals (spec §3, §9): a new account signed up with someone's code credits that
// someone once. Referral.referredUserId is unique, so an account is credited at most
// once however many sign-ins race; only the sign-in that created the account asks.

export interface ReferralInfo {
  code: string;
  link: string;
  bonus_minutes: number;
  successful_referrals: number;
  referral_bonus_minutes: number;
  video_tool_bonus_uses: number;
}

/** The link a user shares: any page carrying ?ref= stores the code for sign-in. */
export function referralLink(code: string): string {
  const url = new URL("/transcribe/login", env().APP_URL);
  url.searchParams.set("ref", code);
  return url.toString();
}

export async function getReferralInfo(userId: string): Promise<ReferralInfo> {
  const [user, made] = await Promise.all([
    prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { referralCode: true, bonusMinutes: true, videoToolBonusUses: true } }),
    prisma.referral.aggregate({ where: { referrerId: userId }, _count: true, _sum: { bonusMinutes: true } }),
  ]);
  return {
    code: user.referralCode,
    link: referralLink(user.referralCode),
    bonus_minutes: user.bonusMinutes,
    successful_referrals: made._count,
    referral_bonus_minutes: made._sum.bonusMinutes ?? 0,
    video_tool_bonus_uses: user.videoToolBonusUses,
  };
}

/** Whether a code belongs to an account (the answer names no one). */
export async function isReferralCode(raw: string): Promise<boolean> {
  const code = normalizeCode(raw);
  if (!code) return false;
  return (await prisma.user.count({ where: { referralCode: code } })) === 1;
}

/**
 * Credits the owner of `rawCode` for the account `newUserId` has just created.
 * Call only from the sign-in that created the account. Returns whether it credited:
 * an unknown code, a self-referral or an account already credited gets nothing.
 */
export async function creditReferral(newUserId: string, rawCode: string | null | undefined): Promise<boolean> {
  const code = normalizeCode(rawCode ?? "");
  if (!code) return false;
  const referrer = await prisma.user.findUnique({ where: { referralCode: code }, select: { id: true } });
  if (!referrer || referrer.id === newUserId) return false;
  try {
    await prisma.$transaction(async (tx) => {
      await tx.referral.create({ data: { referrerId: referrer.id, referredUserId: newUserId, bonusMinutes: REFERRAL_BONUS_MINUTES } });
      await tx.user.update({ where: { id: newUserId }, data: { referredById: referrer.id } });
      await tx.user.update({ where: { id: referrer.id }, data: { videoToolBonusUses: { increment: REFERRAL_VIDEO_TOOL_USES } } });
      await creditBonusMinutes(tx, referrer.id, REFERRAL_BONUS_MINUTES);
    });
    return true;
  } catch (e) {
    if (isUniqueViolation(e)) return false; // this account was credited already
    throw e;
  }
}
