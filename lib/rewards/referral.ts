import "server-only";
import { creditBonusMinutes } from "@/lib/billing/bonus";
import { env } from "@/lib/server/env";
import { prisma, type Prisma } from "@/lib/server/prisma";
import { normalizeCode, REFERRAL_BONUS_MINUTES, REFERRAL_VIDEO_TOOL_USES } from "./constants";
import { referralEmailKey } from "./email-key";
import { isUniqueViolation } from "./errors";

// Referrals (entity fields, business limits): a new account signed up with someone's code credits that
// someone once. Referral.referredUserId is unique, so an account is credited at most
// once however many sign-ins race; only the sign-in that created the account asks.
// Sign-ups that look like the referrer's own (plus-addresses, the same device) or come
// past the daily number are recorded with their reason and credit nothing.

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
    prisma.referral.aggregate({ where: { referrerId: userId, refusedReason: null }, _count: true, _sum: { bonusMinutes: true } }),
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

/** Why a sign-up through a code credited nothing (stored on its Referral row; docs/billing.md "Referral"). */
export type ReferralRefusal = "same_person" | "same_address" | "same_device" | "daily_limit";

/**
 * Credits the owner of `rawCode` for the account `newUserId` has just created.
 * Call only from the sign-in that created the account. Returns whether it credited.
 * An unknown code, a self-referral or an account already referred gets nothing and no row;
 * a sign-up that looks like the referrer's own (refusalOf) gets a Referral row with its reason
 * and no minutes. Checks and the row run under a lock on the referrer, so sign-ups racing
 * through one code are judged one after another.
 */
export async function creditReferral(newUserId: string, rawCode: string | null | undefined, signUp: { deviceId?: string } = {}): Promise<boolean> {
  const code = normalizeCode(rawCode ?? "");
  if (!code) return false;
  const referrer = await prisma.user.findUnique({ where: { referralCode: code }, select: { id: true } });
  if (!referrer || referrer.id === newUserId) return false;
  try {
    return await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`select id from "User" where id = ${referrer.id} for update`;
      const newUser = await tx.user.findUniqueOrThrow({ where: { id: newUserId }, select: { email: true } });
      const emailKey = referralEmailKey(newUser.email);
      const deviceId = signUp.deviceId || null;
      const refused = await refusalOf(tx, referrer.id, { emailKey, deviceId });
      await tx.referral.create({
        data: { referrerId: referrer.id, referredUserId: newUserId, bonusMinutes: refused ? 0 : REFERRAL_BONUS_MINUTES, refusedReason: refused, emailKey, deviceId },
      });
      if (refused) return false;
      await tx.user.update({ where: { id: newUserId }, data: { referredById: referrer.id } });
      await tx.user.update({ where: { id: referrer.id }, data: { videoToolBonusUses: { increment: REFERRAL_VIDEO_TOOL_USES } } });
      await creditBonusMinutes(tx, referrer.id, REFERRAL_BONUS_MINUTES);
      return true;
    });
  } catch (e) {
    if (isUniqueViolation(e)) return false; // this account was referred already
    throw e;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Why this sign-up earns its referrer nothing, or null. In order: the same mailbox as the
 * referrer's own (a+1@ for a@), the same mailbox as an account this referrer brought before,
 * a device the referrer signed in on or an earlier referred account signed up from, and the
 * referrer's credits of the last 24 hours reaching REFERRAL_CREDITS_PER_DAY.
 */
async function refusalOf(tx: Prisma.TransactionClient, referrerId: string, signUp: { emailKey: string | null; deviceId: string | null }): Promise<ReferralRefusal | null> {
  const { emailKey, deviceId } = signUp;
  if (emailKey) {
    const referrer = await tx.user.findUniqueOrThrow({ where: { id: referrerId }, select: { email: true } });
    if (referralEmailKey(referrer.email) === emailKey) return "same_person";
    if ((await tx.referral.count({ where: { referrerId, emailKey } })) > 0) return "same_address";
  }
  if (deviceId) {
    const [sessions, referred] = await Promise.all([tx.session.count({ where: { userId: referrerId, deviceId } }), tx.referral.count({ where: { referrerId, deviceId } })]);
    if (sessions + referred > 0) return "same_device";
  }
  const today = await tx.referral.count({ where: { referrerId, refusedReason: null, createdAt: { gte: new Date(Date.now() - DAY_MS) } } });
  return today >= env().REFERRAL_CREDITS_PER_DAY ? "daily_limit" : null;
}
