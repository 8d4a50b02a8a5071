import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

// Personal keys for programs (docs/api.md "Keys"): one kind of key for the public API (/api/v1) and
// the MCP server, with scopes. A name is required; at most MAX_API_KEYS per user; Pro only.
// Plain code: the browser imports it too.

export const MAX_API_KEYS = 10;
export const API_KEY_NAME_MAX = 60;
/** Every new key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "tj_key_";
/** Keys made before the public API existed: still accepted. */
export const LEGACY_KEY_PREFIXES = ["tj_mcp_"] as const;

export const apiKeyScopes = ["read", "write"] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const createApiKeyBody = z.object({
  name: safeText({ max: API_KEY_NAME_MAX }),
  // "read" lists and reads tasks; "write" also creates, starts and deletes them and manages webhooks.
  scopes: z.array(z.enum(apiKeyScopes)).min(1).max(2).default(["read"]),
});
export const apiKeyIdParams = z.object({ id: safeId });

export interface ApiKeyJson {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart; the key itself is shown once. */
  keyPrefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
}
