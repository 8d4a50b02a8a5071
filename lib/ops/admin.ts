import "server-only";
import { AppError } from "@/lib/server/errors";
import type { Caller } from "@/lib/auth/session";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { prisma } from "@/lib/server/prisma";
import { redis, redisKey } from "@/lib/server/redis";

/**
 * The operator role (User.isAdmin), given and taken only by `npm run ops -- grant-admin|revoke-admin <email>`,
 * and the queue dashboard's browser session (docs/operations.md "Queue dashboard").
 */

export async function isAdmin(userId: string): Promise<boolean> {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { isAdmin: true } });
  return user?.isAdmin === true;
}

/** A signed-in non-admin is refused (403); nobody at all is a 401. */
export async function requireAdmin(caller: Caller | null): Promise<void> {
  if (!caller) throw new AppError("common.unauthorized");
  if (!(await isAdmin(caller.user.id))) throw new AppError("common.permissionDenied");
}

/** Sets the role by email; false when no account has that email. */
export async function setAdmin(email: string, admin: boolean): Promise<boolean> {
  const { count } = await prisma.user.updateMany({ where: { email: email.trim().toLowerCase() }, data: { isAdmin: admin } });
  if (count > 0 && !admin) await endBoardSessionsOf(email);
  return count > 0;
}

export async function listAdmins(): Promise<string[]> {
  const rows = await prisma.user.findMany({ where: { isAdmin: true }, select: { email: true, phone: true }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => r.email ?? r.phone ?? "?");
}

// The dashboard is a plain page navigation, which carries no bearer token (tokens live in localStorage).
// An admin's app POSTs /api/admin/board-session with its token and gets this cookie: 256 random bits,
// httpOnly, SameSite=Strict, path /admin/queues only, 30 minutes. Redis keeps only its hash.
export const BOARD_COOKIE = "tingji_board";
export const BOARD_PATH = "/admin/queues";
export const BOARD_SESSION_SECONDS = 30 * 60;
const boardKey = (hash: string) => redisKey("ops", "board", hash);
const boardIndexKey = (userId: string) => redisKey("ops", "board-of", userId);

export async function openBoardSession(userId: string): Promise<string> {
  const token = randomToken(32);
  const hash = sha256(token);
  await redis()
    .multi()
    .set(boardKey(hash), userId, "EX", BOARD_SESSION_SECONDS)
    .sadd(boardIndexKey(userId), hash)
    .expire(boardIndexKey(userId), BOARD_SESSION_SECONDS)
    .exec();
  return token;
}

/** The cookie's user, if the session is live and the user is still an admin (checked on every request). */
export async function boardSessionUser(token: string | undefined): Promise<string | null> {
  if (!token || token.length > 128) return null;
  const userId = await redis().get(boardKey(sha256(token)));
  if (!userId) return null;
  return (await isAdmin(userId)) ? userId : null;
}

export function boardCookie(token: string, secure: boolean): string {
  return `${BOARD_COOKIE}=${token}; Path=${BOARD_PATH}; Max-Age=${BOARD_SESSION_SECONDS}; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

async function endBoardSessionsOf(email: string): Promise<void> {
  const user = await prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) return;
  const hashes = await redis().smembers(boardIndexKey(user.id));
  if (hashes.length) await redis().del(...hashes.map(boardKey));
  await redis().del(boardIndexKey(user.id));
}
