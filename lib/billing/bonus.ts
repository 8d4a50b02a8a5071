import "server-only";
import type { Prisma } from "@/lib/server/prisma";

// The one place bonus minutes are credited (referrals, promo codes, the community reward).
// Bonus minutes sit on User.bonusMinutes, apart from the plan's monthly minutes; usage.ts adds both
// into the total. They do not reset monthly. Always called inside the transaction that records why.
export async function creditBonusMinutes(db: Prisma.TransactionClient, userId: string, minutes: number): Promise<void> {
  if (!Number.isInteger(minutes) || minutes <= 0) throw new Error(`bonus minutes must be a positive integer, got ${minutes}`);
  await db.user.update({ where: { id: userId }, data: { bonusMinutes: { increment: minutes } } });
}
