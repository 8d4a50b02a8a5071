import "server-only";
import { AppError } from "@/lib/server/errors";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";
import { ownedBy, type ToolOwner } from "./owner";

// Anyone may upload 1 GB files here without an account, so uploads and conversion starts are
// rate-limited per owner (account or visitor cookie) and per client address (a visitor can drop
// the cookie, not the address), and one owner holds a bounded number of unexpired files.
// Everything here runs before the upload's body is read. Settings: lib/server/env.ts MEDIA_TOOLS_*.

const ownerKey = (owner: ToolOwner) => (owner.userId ? `u:${owner.userId}` : `v:${owner.visitorKey ?? "-"}`);

/**
 * Refuses "mediatools.tooManyFiles" (429, Retry-After: when the oldest expires) when the owner
 * already holds MEDIA_TOOLS_MAX_FILES unexpired files, else takes one upload point per owner and per address.
 */
export async function admitMediaUpload(req: Request, owner: ToolOwner): Promise<void> {
  const limit = env().MEDIA_TOOLS_MAX_FILES;
  const now = new Date();
  // The cap is checked first so that a refused upload does not also spend a rate point.
  const held = await prisma.processedMediaFile.findMany({
    where: { ...ownedBy(owner), downloadExpiresAt: { gt: now } },
    select: { downloadExpiresAt: true },
    orderBy: { downloadExpiresAt: "asc" },
    take: limit,
  });
  if (held.length >= limit) {
    const seconds = Math.max(1, Math.ceil((held[0].downloadExpiresAt.getTime() - now.getTime()) / 1000));
    throw new AppError("mediatools.tooManyFiles", { limit, seconds, minutes: Math.ceil(seconds / 60) });
  }
  await consumeLimit("mediaUploadsPerOwner", ownerKey(owner));
  await consumeLimit("mediaUploadsPerIp", clientAddress(req.headers));
}

/** One conversion start per owner and per address (429 "common.rateLimited" with Retry-After when spent). */
export async function admitMediaStart(req: Request, owner: ToolOwner): Promise<void> {
  await consumeLimit("mediaStartsPerOwner", ownerKey(owner));
  await consumeLimit("mediaStartsPerIp", clientAddress(req.headers));
}
