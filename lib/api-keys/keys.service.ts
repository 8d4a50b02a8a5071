import "server-only";
import { AppError } from "@/lib/server/errors";
import { trimBlanks } from "@/lib/server/text";
import { requireHomeEdition } from "@/lib/auth/edition-access";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { publicUserSelect, type PublicUserRow } from "@/lib/auth/users";
import { hasProFeatures } from "@/lib/billing/plans";
import type { Edition } from "@/lib/edition/edition";
import { prisma } from "@/lib/server/prisma";
import { API_KEY_PREFIX, apiKeyScopes, LEGACY_KEY_PREFIXES, MAX_API_KEYS, type ApiKeyJson, type ApiKeyScope } from "./api-keys.schema";

// The owner's API keys (Pro only, through the one plan check: hasProFeatures). A key is 256 random
// bits shown once at creation; only its sha256 is stored, so a database leak leaks no key. Every
// request looks its key up again (no cache): a deleted key is refused on the very next request.

const keySelect = { id: true, name: true, keyPrefix: true, scopes: true, createdAt: true, lastUsedAt: true } as const;
/** "Last used" is written at most this often: keyed routes are hot paths. */
const TOUCH_EVERY_MS = 60_000;

type KeyRow = { id: string; name: string; keyPrefix: string; scopes: string[]; createdAt: Date; lastUsedAt: Date | null };

function toJson(k: KeyRow): ApiKeyJson {
  const scopes = apiKeyScopes.filter((s) => k.scopes.includes(s));
  return { id: k.id, name: k.name, keyPrefix: k.keyPrefix, scopes, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null };
}

async function assertPro(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (!hasProFeatures(user.planCode)) throw new AppError("mcp.proRequired");
}

const countKeys = (userId: string) => prisma.apiKey.count({ where: { userId } });

export async function listApiKeys(userId: string) {
  await assertPro(userId);
  const rows = await prisma.apiKey.findMany({ where: { userId }, select: keySelect, orderBy: { createdAt: "desc" } });
  return { items: rows.map(toJson), limit: MAX_API_KEYS };
}

export async function countApiKeys(userId: string) {
  await assertPro(userId);
  return { count: await countKeys(userId), limit: MAX_API_KEYS };
}

/** Creates a key and returns it in full: the only time it is ever shown. */
export async function createApiKey(userId: string, rawName: string, scopes: readonly ApiKeyScope[] = ["read"]) {
  await assertPro(userId);
  const name = trimBlanks(rawName.replace(/\s+/g, " "));
  if (!name) throw new AppError("mcp.nameRequired");
  // Serialised per user, so two parallel requests cannot both take the last place.
  return prisma.$transaction(async (db) => {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mcp-keys:${userId}`}))`;
    if ((await db.apiKey.count({ where: { userId } })) >= MAX_API_KEYS) throw new AppError("mcp.limitReached", { limit: MAX_API_KEYS });
    const key = `${API_KEY_PREFIX}${randomToken(32)}`;
    const data = { userId, name, keyHash: sha256(key), keyPrefix: key.slice(0, API_KEY_PREFIX.length + 4), scopes: apiKeyScopes.filter((s) => scopes.includes(s)) };
    const row = await db.apiKey.create({ data, select: keySelect });
    return { key, item: toJson(row), count: await db.apiKey.count({ where: { userId } }), limit: MAX_API_KEYS };
  });
}

/** Deleting revokes: the next request with that key is a 401. */
export async function deleteApiKey(userId: string, id: string) {
  const { count } = await prisma.apiKey.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("mcp.keyNotFound");
  return { count: await countKeys(userId), limit: MAX_API_KEYS };
}

export interface KeyHolder {
  keyId: string;
  scopes: ApiKeyScope[];
  user: PublicUserRow;
}

/** The key in an Authorization header, when it is one of ours (a session token is not). */
export function bearerApiKey(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  const token = match?.[1];
  if (!token) return null;
  return [API_KEY_PREFIX, ...LEGACY_KEY_PREFIXES].some((p) => token.startsWith(p)) ? token : null;
}

/**
 * The holder of a bearer key, or null (unknown or deleted key, or a plan that no longer has Pro).
 * A key of the other edition's account is refused with the region access notice (requireHomeEdition).
 * Touches "last used" at most once a minute.
 */
export async function keyHolder(key: string, edition: Edition): Promise<KeyHolder | null> {
  const found = await prisma.apiKey.findUnique({ where: { keyHash: sha256(key) }, select: { id: true, scopes: true, lastUsedAt: true, user: { select: publicUserSelect } } });
  if (!found || !hasProFeatures(found.user.planCode)) return null;
  requireHomeEdition(found.user, edition);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    void prisma.apiKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return { keyId: found.id, scopes: apiKeyScopes.filter((s) => found.scopes.includes(s)), user: found.user as PublicUserRow };
}
