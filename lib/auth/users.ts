import "server-only";
import { randomBytes } from "node:crypto";
import { prisma } from "@/lib/server/prisma";
import type { Edition } from "@/lib/edition/edition";
import { creditReferral } from "@/lib/rewards/referral";
import { requireHomeEdition } from "./edition-access";
import { maskPhone } from "./phone.schema";

// The user object the API returns (entity fields: id, username, email, language, ui_language, AI summary language).
export const publicUserSelect = {
  id: true,
  username: true,
  email: true,
  phone: true,
  avatarUrl: true,
  language: true,
  uiLanguage: true,
  summaryLanguage: true,
  planCode: true,
  referralCode: true,
  bonusMinutes: true,
  edition: true,
  createdAt: true,
} as const;

export type PublicUserRow = {
  id: string;
  username: string;
  email: string | null;
  phone: string | null;
  avatarUrl: string | null;
  language: string;
  uiLanguage: string;
  summaryLanguage: string | null;
  planCode: string;
  referralCode: string;
  bonusMinutes: number;
  edition: Edition;
  createdAt: Date;
};

export function toUserInfo(u: PublicUserRow) {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    phone: u.phone,
    avatar: u.avatarUrl,
    language: u.language,
    ui_language: u.uiLanguage,
    summary_language: u.summaryLanguage ?? u.uiLanguage,
    plan: u.planCode,
    referral_code: u.referralCode,
    bonus_minutes: u.bonusMinutes,
    edition: u.edition,
    created_at: u.createdAt.toISOString(),
  };
}
export type UserInfo = ReturnType<typeof toUserInfo>;

function newReferralCode(): string {
  return randomBytes(5).toString("hex").toUpperCase();
}

/** A sign-in's facts for a new account: its language and edition, and for the referral check its code and device. */
type NewUserOptions = { locale: string; edition: Edition; referralCode?: string | null; deviceId?: string };

/**
 * Finds the user with this email or phone, or creates one with a language and edition from the sign-in.
 * Only the sign-in that creates the account credits its referral code's owner (lib/rewards/referral.ts).
 */
async function findOrCreateUser(identity: { email: string } | { phone: string }, username: string, opts: NewUserOptions): Promise<PublicUserRow> {
  const existing = await prisma.user.findUnique({ where: identity, select: publicUserSelect });
  if (existing) {
    // Every sign-in passes here: an account of the other edition gets no session on this one.
    requireHomeEdition(existing, opts.edition);
    return existing;
  }
  let created: PublicUserRow;
  try {
    created = await prisma.user.create({
      data: {
        ...identity,
        username,
        language: opts.locale,
        uiLanguage: opts.locale,
        edition: opts.edition,
        referralCode: newReferralCode(),
      },
      select: publicUserSelect,
    });
  } catch (e) {
    // Two sign-ins racing for the same new account: the other one created it.
    const again = await prisma.user.findUnique({ where: identity, select: publicUserSelect });
    if (again) return again;
    throw e;
  }
  // A failed credit must not fail the sign-in; the referrer loses only this credit.
  if (opts.referralCode) await creditReferral(created.id, opts.referralCode, { deviceId: opts.deviceId }).catch((e: unknown) => console.error("[referral] credit failed", e));
  return created;
}

export async function findOrCreateUserByEmail(email: string, opts: NewUserOptions): Promise<PublicUserRow> {
  return findOrCreateUser({ email }, email.split("@")[0] || email, opts);
}

/** Phone accounts (China edition) are keyed by the 11-digit mainland number and named 138****5678. */
export async function findOrCreateUserByPhone(phone: string, opts: NewUserOptions): Promise<PublicUserRow> {
  return findOrCreateUser({ phone }, maskPhone(phone), opts);
}

export async function getUser(userId: string): Promise<PublicUserRow | null> {
  return prisma.user.findUnique({ where: { id: userId }, select: publicUserSelect });
}

export async function updateUserLanguage(userId: string, language: string): Promise<PublicUserRow> {
  return prisma.user.update({ where: { id: userId }, data: { language, uiLanguage: language }, select: publicUserSelect });
}

export async function updateUserPreferences(
  userId: string,
  prefs: { uiLanguage?: string; summaryLanguage?: string | null; username?: string },
): Promise<PublicUserRow> {
  return prisma.user.update({
    where: { id: userId },
    data: {
      ...(prefs.uiLanguage ? { uiLanguage: prefs.uiLanguage, language: prefs.uiLanguage } : {}),
      ...(prefs.summaryLanguage !== undefined ? { summaryLanguage: prefs.summaryLanguage } : {}),
      ...(prefs.username ? { username: prefs.username } : {}),
    },
    select: publicUserSelect,
  });
}

