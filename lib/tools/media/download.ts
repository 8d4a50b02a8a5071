import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";
import { contentDisposition, sanitizeFileName, serveStored } from "@/lib/storage/serve";
import { findOwnedFile } from "./files.service";
import type { ToolOwner } from "./owner";

// A download is a plain navigation (no bearer token, and a 1 GB file must not go through script
// memory), so the owner first asks for a short-lived signed address: HMAC (AUTH_SECRET) over the
// file id and the expiry, valid 10 minutes at most and never past the file's own expiry.
const LINK_TTL_MS = 10 * 60_000;
const CLOCK_SKEW_MS = 60_000;

function sign(id: string, exp: number): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`mediatools:${id}:${exp}`).digest("base64url");
}

function expired(row: { status: string; downloadExpiresAt: Date; storageKey: string | null }): boolean {
  return row.status === "expired" || row.downloadExpiresAt.getTime() <= Date.now() || !row.storageKey;
}

/** POST /api/tools/media/files/{id}/download: the signed address, or "download link expired". */
export async function downloadLinkFor(owner: ToolOwner, id: string) {
  const row = await findOwnedFile(owner, id);
  if (row.status !== "completed" && row.status !== "expired") throw new AppError("mediatools.notReady");
  if (expired(row)) throw new AppError("mediatools.downloadExpired");
  const exp = Math.min(Date.now() + LINK_TTL_MS, row.downloadExpiresAt.getTime());
  return { url: `/api/tools/media/download/${id}?exp=${exp}&sig=${sign(id, exp)}`, expiresAt: new Date(exp).toISOString() };
}

function verify(id: string, exp: string | null, sig: string | null, now = Date.now()): boolean {
  if (!sig || !exp || !/^\d{1,15}$/.test(exp)) return false;
  const expiry = Number(exp);
  if (expiry <= now || expiry > now + LINK_TTL_MS + CLOCK_SKEW_MS) return false;
  const expected = Buffer.from(sign(id, expiry));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** GET /api/tools/media/download/{id}?exp&sig: the output as an attachment, our probed type, nosniff. */
export async function serveDownload(id: string, exp: string | null, sig: string | null, range: string | null): Promise<Response> {
  if (!verify(id, exp, sig)) throw new AppError("common.permissionDenied");
  const row = await prisma.processedMediaFile.findUnique({ where: { id }, select: { status: true, downloadExpiresAt: true, storageKey: true, outputType: true, originalName: true, audioFormat: true } });
  if (!row) throw new AppError("mediatools.notFound");
  if (expired(row)) throw new AppError("mediatools.downloadExpired");
  const base = row.originalName.replace(/\.[^.]+$/, "") || "audio";
  const answer = await serveStored(row.storageKey!, { type: row.outputType, name: base }, range);
  // Always saved (never shown inline), under the original name with the output's extension.
  answer.headers.set("content-disposition", contentDisposition("attachment", sanitizeFileName(base, row.audioFormat ?? "bin")));
  return answer;
}
