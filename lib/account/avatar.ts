import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { fileTypeFromFile } from "file-type";
import sharp from "sharp";
import { AppError } from "@/lib/server/errors";
import { publicUserSelect, type PublicUserRow } from "@/lib/auth/users";
import { prisma } from "@/lib/server/prisma";
import { logger } from "@/lib/server/logger";
import { STORED_FILE_CSP } from "@/lib/storage/serve";
import { storage } from "@/lib/storage/storage";
import { withReceivedForm, type MultipartLimits } from "@/lib/tasks/multipart";

/** Largest avatar upload; the stored image is always a small 256×256 webp. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE = 256;
// Probed from the bytes (file-type), never the declared type or the file name.
const ACCEPTED = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

const limits: MultipartLimits = {
  maxFiles: 1,
  maxFileBytes: AVATAR_MAX_BYTES,
  fileTooLarge: () => new AppError("account.avatarTooLarge", { limitMb: AVATAR_MAX_BYTES / 1024 / 1024 }),
};

// The URL names the user and a fresh 128-bit token, so an old or guessed address shows nothing.
const TOKEN_PATTERN = /^[0-9a-f]{32}$/;
const keyFor = (userId: string, token: string) => `avatars/${userId}/${token}.webp`;
const urlFor = (userId: string, token: string) => `/api/avatars/${encodeURIComponent(userId)}/${token}`;

/** Receives one image, re-encodes it as a 256×256 webp, stores it and points the user at it. */
export async function uploadAvatar(req: Request, userId: string): Promise<PublicUserRow> {
  return withReceivedForm(req, limits, async (form) => {
    const file = form.files[0];
    if (!file || file.size === 0) throw new AppError("upload.noFile");
    const probed = await fileTypeFromFile(file.path);
    if (!probed || !ACCEPTED.has(probed.mime)) throw new AppError("account.avatarNotImage");
    const out = path.join(form.dir, "avatar.webp");
    try {
      // First frame only (animated GIF/WebP); limitInputPixels guards against decompression bombs.
      await sharp(file.path, { limitInputPixels: 40_000_000 }).rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 85 }).toFile(out);
    } catch (e) {
      logger.warn("avatar could not be decoded", { error: String(e) });
      throw new AppError("account.avatarNotImage");
    }
    const token = randomBytes(16).toString("hex");
    await storage().putFile(keyFor(userId, token), out, "image/webp");
    const before = await prisma.user.findUnique({ where: { id: userId }, select: { avatarUrl: true } });
    const user = await prisma.user.update({ where: { id: userId }, data: { avatarUrl: urlFor(userId, token) }, select: publicUserSelect });
    const old = before?.avatarUrl ? ownTokenOf(userId, before.avatarUrl) : null;
    if (old) await storage().remove(keyFor(userId, old)).catch(() => undefined);
    return user;
  });
}

function ownTokenOf(userId: string, url: string): string | null {
  const prefix = urlFor(userId, "");
  const token = url.startsWith(prefix) ? url.slice(prefix.length) : "";
  return TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * The avatar image, to anyone holding its current address (an <img> sends no bearer token).
 * Served as our own image/webp with nosniff and the stored-file sandbox.
 */
export async function serveAvatar(userId: string, token: string): Promise<Response> {
  const user = TOKEN_PATTERN.test(token) ? await prisma.user.findUnique({ where: { id: userId }, select: { avatarUrl: true } }).catch(() => null) : null;
  if (!user?.avatarUrl || ownTokenOf(userId, user.avatarUrl) !== token) throw new AppError("account.avatarNotFound");
  const key = keyFor(userId, token);
  const size = await storage().size(key).catch(() => -1);
  if (size < 0) throw new AppError("account.avatarNotFound");
  const body = Readable.toWeb(await storage().openRead(key)) as ReadableStream;
  return new Response(body, {
    status: 200,
    headers: {
      "content-type": "image/webp",
      "content-length": String(size),
      "x-content-type-options": "nosniff",
      "content-security-policy": STORED_FILE_CSP,
      "cross-origin-resource-policy": "same-origin",
      // A new upload gets a new address, so this one never changes.
      "cache-control": "private, max-age=86400, immutable",
    },
  });
}
