import { apiRoute } from "@/lib/api/handler";
import { createMcpKeyBody } from "@/lib/mcp/mcp.schema";
import { createMcpKey, listMcpKeys } from "@/lib/mcp/keys.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listMcpKeys(caller.user.id) });

export const POST = apiRoute({ auth: "user", body: createMcpKeyBody, bodyLimitBytes: 16 * 1024, handler: async ({ caller, body }) => createMcpKey(caller.user.id, body.name) });
