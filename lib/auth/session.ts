import "server-only";
import { Prisma, prisma } from "@/lib/server/prisma";
import { announceAccessChange } from "@/lib/server/access-changes";
import { env } from "@/lib/server/env";
import { devLoginAllowed } from "@/lib/server/secrets";
import type { Edition } from "@/lib/edition/edition";
import { requireHomeEdition } from "./edition-access";
import { findOrCreateUserByEmail, publicUserSelect, type PublicUserRow } from "./users";
import { issueAccessToken, readAccessToken, sha256 } from "./tokens";

export interface Caller {
  user: PublicUserRow;
  sessionId: string;
  deviceId: string;
}

/** Opens a device session and returns the bearer token for it (entity fields sign-in response). */
export async function openSession(userId: string, deviceId: string) {
  const session = await prisma.session.create({
    data: { userId, deviceId, tokenHash: `pending:${deviceId}:${Date.now()}:${Math.random()}`, expiresAt: new Date() },
    select: { id: true },
  });
  const { token, expiresAt } = await issueAccessToken({ sub: userId, sid: session.id, did: deviceId });
  await prisma.session.update({ where: { id: session.id }, data: { tokenHash: sha256(token), expiresAt } });
  return { access_token: token, device_id: deviceId };
}

/** The development login (API contract): only when AUTH_DEV_TOKEN, AUTH_DEV_USER and AUTH_DEV_DEVICE_ID are all set (and, in production, allowed). */
export function devLoginConfig(): { token: string; email: string; deviceId: string } | null {
  const { AUTH_DEV_TOKEN, AUTH_DEV_USER, AUTH_DEV_DEVICE_ID } = env();
  if (!AUTH_DEV_TOKEN || !AUTH_DEV_USER || !AUTH_DEV_DEVICE_ID) return null;
  // A fixed bearer token: refused in production unless ALLOW_DEV_LOGIN_IN_PRODUCTION=1.
  if (!devLoginAllowed(env())) return null;
  return { token: AUTH_DEV_TOKEN, email: AUTH_DEV_USER.toLowerCase(), deviceId: AUTH_DEV_DEVICE_ID };
}

/**
 * Who is asking: the bearer token's live session, or the configured development token. An account
 * of the other edition is refused here (`auth.wrongEdition`), for every route and the co-editing socket.
 */
export async function authenticate(authorization: string | null, ctx: { locale: string; edition: Edition }): Promise<Caller | null> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? "");
  if (!match) return null;
  const token = match[1]!.trim();

  const dev = devLoginConfig();
  if (dev && token === dev.token) {
    const user = await findOrCreateUserByEmail(dev.email, ctx);
    return { user, sessionId: "dev", deviceId: dev.deviceId };
  }

  const claims = await readAccessToken(token);
  if (!claims) return null;
  const session = await liveSessionRow(claims.sid);
  if (!session || session.revokedAt || session.expiresAt < new Date() || session.tokenHash !== sha256(token)) return null;
  const { user } = session;
  requireHomeEdition(user, ctx.edition);
  // Touch at most once a minute: a hot path should not write on every request. Not awaited: the answer
  // does not depend on it, and sessions come due together (100 touches at once through 10 connections
  // waited 30-180 ms for their commits here: bench/README.md "load: findings").
  if (Date.now() - session.lastUsedAt.getTime() > 60_000) {
    void prisma.session.update({ where: { id: session.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return { user, sessionId: session.id, deviceId: session.deviceId };
}

/**
 * Logout revokes this session, and every session of the named device (states and transitions). Every process then
 * re-checks this user's open co-editing sockets at once (lib/collab/connection-watch.ts).
 */
export async function closeSession(caller: Caller, deviceId?: string): Promise<void> {
  const now = new Date();
  if (caller.sessionId !== "dev") {
    await prisma.session.updateMany({ where: { id: caller.sessionId, revokedAt: null }, data: { revokedAt: now } });
  }
  if (deviceId) {
    await prisma.session.updateMany({ where: { userId: caller.user.id, deviceId, revokedAt: null }, data: { revokedAt: now } });
  }
  await announceAccessChange({ userId: caller.user.id });
}

// The session and its user in one statement. Prisma's nested select took two (Session, then User), and every
// authenticated request pays this (bench/README.md "load: findings"). The user's columns are publicUserSelect's.
const publicUserColumns = Prisma.raw(
  Object.keys(publicUserSelect)
    .map((column) => (column === "edition" ? `u."edition"::text as "edition"` : `u."${column}"`))
    .join(", "),
);

type LiveSessionRow = { id: string; deviceId: string; tokenHash: string; expiresAt: Date; revokedAt: Date | null; lastUsedAt: Date; user: PublicUserRow };

async function liveSessionRow(sessionId: string): Promise<LiveSessionRow | null> {
  // Only the session's id shares a name with a user column; its other columns come under their own names.
  const rows = await prisma.$queryRaw<(PublicUserRow & Omit<LiveSessionRow, "id" | "user"> & { sessionId: string })[]>`
    select s.id as "sessionId", s."deviceId", s."tokenHash", s."expiresAt", s."revokedAt", s."lastUsedAt", ${publicUserColumns}
    from "Session" s join "User" u on u.id = s."userId"
    where s.id = ${sessionId}`;
  const row = rows[0];
  if (!row) return null;
  const { sessionId: id, deviceId, tokenHash, expiresAt, revokedAt, lastUsedAt, ...user } = row;
  return { id, deviceId, tokenHash, expiresAt, revokedAt, lastUsedAt, user };
}
