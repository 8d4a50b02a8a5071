import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";
import { findReadableTask } from "./readable";

// <audio> and <video> cannot send a bearer token, so the player gets a short-lived signed
// URL instead. The HMAC (keyed by AUTH_SECRET) covers the task id and the expiry, so neither
// can be changed; it is compared in constant time; the URL lives at most MEDIA_URL_TTL_MS.
export const MEDIA_URL_TTL_MS = 6 * 3600 * 1000;
// Clock differences between web processes that sign and serve.
const CLOCK_SKEW_MS = 60_000;

function sign(taskId: string, exp: number): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`media:${taskId}:${exp}`).digest("base64url");
}

/** The query of a signed media URL for this task, valid until `exp` (ms since the epoch). */
export function signedMediaQuery(taskId: string, exp: number): string {
  return `exp=${exp}&sig=${sign(taskId, exp)}`;
}

export async function mediaUrlFor(userId: string, taskId: string) {
  // The owner and collaborators may play the recording.
  const { task } = await findReadableTask(userId, taskId, { mediaKey: true, mediaKind: true, mediaMime: true });
  if (!task.mediaKey) throw new AppError("common.notFound");
  const exp = Date.now() + MEDIA_URL_TTL_MS;
  // A video browsers cannot play (MPEG-1, AVI, WMV...) plays as its sound, from the worker's WAV.
  const kind = task.mediaMime?.startsWith("audio/") ? "audio" : (task.mediaKind ?? "audio");
  return { url: `/api/media/${taskId}?${signedMediaQuery(taskId, exp)}`, kind, expiresAt: new Date(exp).toISOString() };
}

/** Whether `sig` is our signature of this task and expiry, and the expiry is still ahead (and not too far). */
export function verifyMediaSignature(taskId: string, exp: string | null, sig: string | null, now = Date.now()): boolean {
  if (!sig || !exp || !/^\d{1,15}$/.test(exp)) return false;
  const expiry = Number(exp);
  if (expiry <= now || expiry > now + MEDIA_URL_TTL_MS + CLOCK_SKEW_MS) return false;
  const expected = Buffer.from(sign(taskId, expiry));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The storage key, stored type and display name of a task's playable media, if the signature
 * holds and the task still exists. The type is only a hint: lib/storage/serve.ts allow-lists it.
 */
export async function resolveSignedMedia(taskId: string, exp: string | null, sig: string | null) {
  if (!verifyMediaSignature(taskId, exp, sig)) throw new AppError("common.permissionDenied");
  const task = await prisma.task.findFirst({ where: { id: taskId, deletedAt: null }, select: { mediaKey: true, mediaMime: true, title: true } });
  if (!task?.mediaKey) throw new AppError("common.notFound");
  return { key: task.mediaKey, type: task.mediaMime, name: task.title };
}
