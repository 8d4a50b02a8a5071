import { apiRoute } from "@/lib/api/handler";
import { countMcpKeys } from "@/lib/mcp/keys.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => countMcpKeys(caller.user.id) });
