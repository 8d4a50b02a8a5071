import "server-only";
import { randomInt } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { creditBonusMinutes } from "@/lib/billing/bonus";
import { prisma, type Prisma } from "@/lib/server/prisma";
import { normalizeCode } from "./constants";
import { isUniqueViolation } from "./errors";

// Promo codes (entity fields, API contract, error catalogue Promo): a code awards minutes, once per user (the
// unique PromoRedemption(promoCodeId, userId) row), within an optional expiry and an
// optional use limit across users (usedCount raised conditionally in the same transaction).

export interface PromoAnswer {
  code: string;
  minutes: number;
  expires_at: string | null;
}

type PromoRow = { id: string; code: string; minutes: number; active: boolean; expiresAt: Date | null; maxUses: number | null; usedCount: number };

/** The code's row when `userId` may redeem it now; otherwise why not (no code, unknown, inactive, expired, already used, used up) as an AppError. */
async function usablePromo(db: Prisma.TransactionClient, rawCode: string, userId: string): Promise<PromoRow> {
  const code = normalizeCode(rawCode);
  if (!code) throw new AppError("promo.codeRequired");
  const promo = await db.promoCode.findUnique({ where: { code } });
  if (!promo) throw new AppError("promo.notFound");
  if (!promo.active) throw new AppError("promo.inactive");
  if (promo.expiresAt && promo.expiresAt <= new Date()) throw new AppError("promo.expired");
  const used = await db.promoRedemption.findUnique({ where: { promoCodeId_userId: { promoCodeId: promo.id, userId } }, select: { id: true } });
  if (used) throw new AppError("promo.alreadyUsed");
  if (promo.maxUses !== null && promo.usedCount >= promo.maxUses) throw new AppError("promo.usedUp");
  return promo;
}

function answer(p: PromoRow): PromoAnswer {
  return { code: p.code, minutes: p.minutes, expires_at: p.expiresAt?.toISOString() ?? null };
}

export async function validatePromoCode(userId: string, rawCode: string): Promise<PromoAnswer & { valid: true }> {
  return { ...answer(await usablePromo(prisma, rawCode, userId)), valid: true };
}

/**
 * Redeems a code for a user and credits its minutes. Concurrent requests of one user
 * meet at the unique redemption row: one inserts it, the others wait for it, then fail.
 */
export async function redeemPromoCode(userId: string, rawCode: string): Promise<PromoAnswer & { bonus_minutes: number }> {
  try {
    return await prisma.$transaction(async (tx) => {
      const promo = await usablePromo(tx, rawCode, userId);
      await tx.promoRedemption.create({ data: { promoCodeId: promo.id, userId } });
      const claimed = await tx.promoCode.updateMany({
        where: { id: promo.id, active: true, ...(promo.maxUses !== null ? { usedCount: { lt: promo.maxUses } } : {}) },
        data: { usedCount: { increment: 1 } },
      });
      if (claimed.count !== 1) throw new AppError("promo.usedUp");
      await creditBonusMinutes(tx, userId, promo.minutes);
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { bonusMinutes: true } });
      return { ...answer(promo), bonus_minutes: user.bonusMinutes };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("promo.alreadyUsed");
    throw e;
  }
}

// No 0/O or 1/I: people type these codes.
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newPromoCode(length = 12): string {
  let out = "";
  for (let i = 0; i < length; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** Makes a code (operators: scripts/promo.ts). A given code must be new. */
export async function createPromoCode(input: { minutes: number; expiresAt?: Date | null; maxUses?: number | null; code?: string }) {
  if (!Number.isInteger(input.minutes) || input.minutes <= 0) throw new Error("minutes must be a positive whole number");
  if (input.maxUses != null && (!Number.isInteger(input.maxUses) || input.maxUses <= 0)) throw new Error("uses must be a positive whole number");
  const code = input.code ? normalizeCode(input.code) : newPromoCode();
  if (!/^[A-Z0-9_-]{3,64}$/.test(code)) throw new Error("a code is 3 to 64 letters, digits, - or _");
  return prisma.promoCode.create({ data: { code, minutes: input.minutes, expiresAt: input.expiresAt ?? null, maxUses: input.maxUses ?? null } });
}

/** Turns a code off (it answers "inactive" from then on). */
export async function deactivatePromoCode(rawCode: string) {
  return prisma.promoCode.update({ where: { code: normalizeCode(rawCode) }, data: { active: false } });
}
