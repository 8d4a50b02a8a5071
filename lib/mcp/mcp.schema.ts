import { z } from "zod";
import { safeId } from "@/lib/server/text";
import { API_KEY_NAME_MAX, API_KEY_PREFIX, createApiKeyBody, MAX_API_KEYS, type ApiKeyJson } from "@/lib/api-keys/api-keys.schema";

// MCP keys are API keys (lib/api-keys): one kind of key with scopes. Plain code: the browser imports it too.

export const MAX_MCP_KEYS = MAX_API_KEYS;
export const MCP_KEY_PREFIX = API_KEY_PREFIX;
export const MCP_KEY_NAME_MAX = API_KEY_NAME_MAX;
/** The path of the MCP server; the full URL is the site's origin plus this. */
export const MCP_PATH = "/api/mcp";

export const createMcpKeyBody = createApiKeyBody;
export const mcpKeyIdParams = z.object({ id: safeId });
export type McpKeyJson = ApiKeyJson;
