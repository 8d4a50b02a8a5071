import { apiRoute } from "@/lib/api/handler";
import { mcpKeyIdParams } from "@/lib/mcp/mcp.schema";
import { deleteMcpKey } from "@/lib/mcp/keys.service";

export const DELETE = apiRoute({ auth: "user", params: mcpKeyIdParams, handler: async ({ caller, params }) => deleteMcpKey(caller.user.id, params.id) });
