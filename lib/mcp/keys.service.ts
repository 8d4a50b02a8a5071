import "server-only";
import { AppError } from "@/lib/server/errors";
import { trimBlanks } from "@/lib/server/text";
import { requireHomeEdition } from "@/lib/auth/edition-access";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { hasProFeatures } from "@/lib/billing/plans";
import type { Edition } from "@/lib/edition/edition";
import { prisma } from "@/lib/server/prisma";
import { MAX_MCP_KEYS, MCP_KEY_PREFIX, type McpKeyJson } from "./mcp.schema";

// The owner's MCP keys (Pro only). A key is 256 random bits shown once at
// creation; only its sha256 is stored, so a database leak leaks no key.

const keySelect = { id: true, name: true, keyPrefix: true, createdAt: true, lastUsedAt: true } as const;
/** "Last used" is written at most this often: the MCP route is a hot path. */
const TOUCH_EVERY_MS = 60_000;

type KeyRow = { id: string; name: string; keyPrefix: string; createdAt: Date; lastUsedAt: Date | null };

function toJson(k: KeyRow): McpKeyJson {
  return { id: k.id, name: k.name, keyPrefix: k.keyPrefix, createdAt: k.createdAt.toISOString(), lastUsedAt: k.lastUsedAt?.toISOString() ?? null };
}

async function assertPro(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (!hasProFeatures(user.planCode)) throw new AppError("mcp.proRequired");
}

const countKeys = (userId: string) => prisma.mcpKey.count({ where: { userId } });

export async function listMcpKeys(userId: string) {
  await assertPro(userId);
  const rows = await prisma.mcpKey.findMany({ where: { userId }, select: keySelect, orderBy: { createdAt: "desc" } });
  return { items: rows.map(toJson), limit: MAX_MCP_KEYS };
}

export async function countMcpKeys(userId: string) {
  await assertPro(userId);
  return { count: await countKeys(userId), limit: MAX_MCP_KEYS };
}

/** Creates a key and returns it in full: the only time it is ever shown. */
export async function createMcpKey(userId: string, rawName: string) {
  await assertPro(userId);
  const name = trimBlanks(rawName.replace(/\s+/g, " "));
  if (!name) throw new AppError("mcp.nameRequired");
  // Serialised per user, so two parallel requests cannot both take the last place.
  return prisma.$transaction(async (db) => {
    await db.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mcp-keys:${userId}`}))`;
    if ((await db.mcpKey.count({ where: { userId } })) >= MAX_MCP_KEYS) throw new AppError("mcp.limitReached", { limit: MAX_MCP_KEYS });
    const key = `${MCP_KEY_PREFIX}${randomToken(32)}`;
    const row = await db.mcpKey.create({ data: { userId, name, keyHash: sha256(key), keyPrefix: key.slice(0, MCP_KEY_PREFIX.length + 4) }, select: keySelect });
    return { key, item: toJson(row), count: await db.mcpKey.count({ where: { userId } }), limit: MAX_MCP_KEYS };
  });
}

/** Deleting revokes: the next request with that key is a 401. */
export async function deleteMcpKey(userId: string, id: string) {
  const { count } = await prisma.mcpKey.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError("mcp.keyNotFound");
  return { count: await countKeys(userId), limit: MAX_MCP_KEYS };
}

/**
 * The user a bearer key belongs to, or null (unknown or deleted key, or a
 * plan that no longer has MCP). A key of the other edition's account is refused with the
 * region access notice (requireHomeEdition). Touches "last used" at most once a minute.
 */
export async function userForMcpKey(authorization: string | null, edition: Edition): Promise<{ userId: string; planCode: string; locale: string } | null> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  if (!match || !match[1]!.startsWith(MCP_KEY_PREFIX)) return null;
  const found = await prisma.mcpKey.findUnique({
    where: { keyHash: sha256(match[1]!) },
    select: { id: true, lastUsedAt: true, user: { select: { id: true, planCode: true, uiLanguage: true, edition: true } } },
  });
  if (!found || !hasProFeatures(found.user.planCode)) return null;
  requireHomeEdition(found.user, edition);
  if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await prisma.mcpKey.update({ where: { id: found.id }, data: { lastUsedAt: new Date() } }).catch(() => undefined);
  }
  return { userId: found.user.id, planCode: found.user.planCode, locale: found.user.uiLanguage };
}
