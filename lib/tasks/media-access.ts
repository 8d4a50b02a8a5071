import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { env } from "@/lib/server/env";
import { prisma } from "@/lib/server/prisma";

// <audio> and <video> cannot send a bearer token, so the player gets a
// short-lived signed URL instead. The signature names the task and expiry.
const MEDIA_URL_TTL_MS = 6 * 3600 * 1000;

function sign(taskId: string, exp: number): string {
  return createHmac("sha256", env().AUTH_SECRET).update(`media:${taskId}:${exp}`).digest("base64url");
}

export async function mediaUrlFor(userId: string, taskId: string) {
  const task = await prisma.task.findFirst({ where: { id: taskId, userId, deletedAt: null }, select: { mediaKey: true, mediaKind: true } });
  if (!task) throw new AppError("tasks.notFound");
  if (!task.mediaKey) throw new AppError("common.notFound");
  const exp = Date.now() + MEDIA_URL_TTL_MS;
  return { url: `/api/media/${taskId}?exp=${exp}&sig=${sign(taskId, exp)}`, kind: task.mediaKind ?? "audio", expiresAt: new Date(exp).toISOString() };
}

/** The storage key and type of a task's playable media, if the signature holds. */
export async function resolveSignedMedia(taskId: string, exp: string | null, sig: string | null) {
  const expiry = Number(exp);
  if (!sig || !Number.isFinite(expiry) || expiry < Date.now()) throw new AppError("common.permissionDenied");
  const expected = Buffer.from(sign(taskId, expiry));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError("common.permissionDenied");
  const task = await prisma.task.findUnique({ where: { id: taskId }, select: { mediaKey: true, mediaMime: true } });
  if (!task?.mediaKey) throw new AppError("common.notFound");
  return { key: task.mediaKey, mime: task.mediaMime ?? "application/octet-stream" };
}
