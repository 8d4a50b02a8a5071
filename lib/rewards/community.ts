import "server-only";
import { hasProFeatures } from "@/lib/billing/plans";
import { creditBonusMinutes } from "@/lib/billing/bonus";
import { prisma } from "@/lib/server/prisma";
import { COMMUNITY_REWARD_MINUTES } from "./constants";
import { isUniqueViolation } from "./errors";

// The community join reward (business limits; docs/billing.md): a paying member who joined the
// community gets 1,000 minutes once. An operator grants it after checking the membership
// (scripts/promo.ts community-reward <email>); CommunityReward's key is the user, so a
// second grant, even a concurrent one, changes nothing.

export type CommunityRewardResult = "granted" | "alreadyGranted" | "notPaying" | "noSuchUser";

export async function grantCommunityReward(email: string): Promise<CommunityRewardResult> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, planCode: true } });
  if (!user) return "noSuchUser";
  if (!hasProFeatures(user.planCode) || user.planCode === "trial") return "notPaying";
  try {
    await prisma.$transaction(async (tx) => {
      await tx.communityReward.create({ data: { userId: user.id, minutes: COMMUNITY_REWARD_MINUTES } });
      await creditBonusMinutes(tx, user.id, COMMUNITY_REWARD_MINUTES);
    });
    return "granted";
  } catch (e) {
    if (isUniqueViolation(e)) return "alreadyGranted";
    throw e;
  }
}
