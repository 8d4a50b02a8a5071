import "server-only";
import { createHash } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { hasProFeatures } from "@/lib/billing/plans";
import { prisma, type Prisma } from "@/lib/server/prisma";

// Quotas of the transcript tool (states and transitions, roles and permissions, business limits), counted on the server and atomically:
//  - anonymous: one free transcript per visitor AND per client address, claimed by inserting
//    ToolQuotaClaim rows (primary key: "visitor:<key>", "ip:<hash>") in the transaction that
//    creates the transcript; a second claim is a unique violation and rolls the whole start back;
//  - signed in, free: 2 plus 1 per successful referral (User.videoToolBonusUses, credited by
//    lib/rewards/referral.ts), counted by a conditional update of ToolTranscriptUsage;
//  - Pro (hasProFeatures, the one plan check): unlimited, not counted.
// A transcript that fails gives its use back (releaseQuota).

/** Uses a free account has before referrals. */
export const FREE_TOOL_USES = 2;
/** Transcripts an anonymous visitor gets before login is required. */
export const ANONYMOUS_TOOL_USES = 1;

type Tx = Prisma.TransactionClient;

export interface QuotaView {
  signedIn: boolean;
  unlimited: boolean;
  used: number;
  /** null when unlimited. */
  limit: number | null;
  remaining: number | null;
}

export function ipClaimKey(address: string): string | null {
  if (!address || address === "unknown") return null;
  return `ip:${createHash("sha256").update(`tools-ip:${address}`).digest("hex")}`;
}

const visitorClaimKey = (visitorKey: string) => `visitor:${visitorKey}`;

function isUniqueViolation(e: unknown): boolean {
  return typeof e === "object" && e !== null && (e as { code?: unknown }).code === "P2002";
}

/** Claims the one anonymous transcript for this visitor and address, or throws tools.loginRequired. */
export async function claimAnonymous(tx: Tx, transcriptId: string, visitorKey: string, address: string): Promise<void> {
  const keys = [visitorClaimKey(visitorKey), ipClaimKey(address)].filter((k): k is string => k !== null);
  try {
    await tx.toolQuotaClaim.createMany({ data: keys.map((key) => ({ key, transcriptId })) });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("tools.loginRequired");
    throw e;
  }
}

async function limitFor(tx: Tx | typeof prisma, userId: string): Promise<number> {
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { videoToolBonusUses: true } });
  return FREE_TOOL_USES + user.videoToolBonusUses;
}

/** Counts one use of a signed-in user, or throws tools.quotaExhausted; Pro plans are not counted. */
export async function claimUserUse(tx: Tx, user: { id: string; planCode: string }): Promise<void> {
  if (hasProFeatures(user.planCode)) return;
  await tx.toolTranscriptUsage.createMany({ data: [{ userId: user.id }], skipDuplicates: true });
  // Bonus uses only ever grow, so a limit read first can only be too small, never too large.
  const limit = await limitFor(tx, user.id);
  const { count } = await tx.toolTranscriptUsage.updateMany({ where: { userId: user.id, used: { lt: limit } }, data: { used: { increment: 1 } } });
  if (count === 0) throw new AppError("tools.quotaExhausted", { limit });
}

/** Gives a failed transcript's use back. */
export async function releaseQuota(transcript: { id: string; userId: string | null }, tx: Tx): Promise<void> {
  await tx.toolQuotaClaim.deleteMany({ where: { transcriptId: transcript.id } });
  if (transcript.userId) {
    await tx.toolTranscriptUsage.updateMany({ where: { userId: transcript.userId, used: { gt: 0 } }, data: { used: { decrement: 1 } } });
  }
}

/** What the tool page shows: uses left, or that the next one needs login. */
export async function quotaOf(user: { id: string; planCode: string } | null, visitorKey: string, address: string): Promise<QuotaView> {
  if (!user) {
    const keys = [visitorClaimKey(visitorKey), ipClaimKey(address)].filter((k): k is string => k !== null);
    const used = (await prisma.toolQuotaClaim.count({ where: { key: { in: keys } } })) > 0 ? 1 : 0;
    return { signedIn: false, unlimited: false, used, limit: ANONYMOUS_TOOL_USES, remaining: ANONYMOUS_TOOL_USES - used };
  }
  if (hasProFeatures(user.planCode)) return { signedIn: true, unlimited: true, used: 0, limit: null, remaining: null };
  const [limit, row] = await Promise.all([limitFor(prisma, user.id), prisma.toolTranscriptUsage.findUnique({ where: { userId: user.id }, select: { used: true } })]);
  const used = row?.used ?? 0;
  return { signedIn: true, unlimited: false, used, limit, remaining: Math.max(0, limit - used) };
}
