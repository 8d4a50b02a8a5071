// Typed client calls for MCP keys (docs/mcp.md).
import { api } from "@/lib/client/api";
import type { McpKeyJson } from "@/lib/mcp/mcp.schema";

export type McpKey = McpKeyJson;

export interface McpKeyList {
  items: McpKey[];
  limit: number;
}

export interface McpKeyCreated {
  /** The full key: shown once, never again. */
  key: string;
  item: McpKey;
  count: number;
  limit: number;
}

export const mcpApi = {
  list: () => api.get<McpKeyList>("/api/mcp/keys"),
  create: (name: string, scopes: ("read" | "write")[] = ["read"]) => api.post<McpKeyCreated>("/api/mcp/keys", { name, scopes }),
  remove: (id: string) => api.del<{ count: number; limit: number }>(`/api/mcp/keys/${encodeURIComponent(id)}`),
};
