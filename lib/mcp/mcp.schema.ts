import { z } from "zod";
import { safeId, safeText } from "@/lib/server/text";

// MCP key rules (entity fields, error catalogue MCP): a name is required; at most MAX_MCP_KEYS per
// user; Pro only. Plain code: the browser imports it too.

export const MAX_MCP_KEYS = 10;
export const MCP_KEY_NAME_MAX = 60;
/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const MCP_KEY_PREFIX = "tj_mcp_";
/** The path of the MCP server; the full URL is the site's origin plus this. */
export const MCP_PATH = "/api/mcp";

export const createMcpKeyBody = z.object({ name: safeText({ max: MCP_KEY_NAME_MAX }) });
export const mcpKeyIdParams = z.object({ id: safeId });

export interface McpKeyJson {
  id: string;
  name: string;
  /** The first characters of the key, to tell keys apart; the key itself is shown once. */
  keyPrefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}
