import { apiRoute } from "@/lib/api/handler";
import { handleMcpRequest } from "@/lib/mcp/server";

// The MCP server (Streamable HTTP, stateless). It authenticates by MCP key
// (Authorization: Bearer tj_mcp_...), not by a session: "optional" here, and
// handleMcpRequest answers 401 itself without a valid key. GET (server-sent
// events) and DELETE (sessions) are not offered: 405, as stateless servers do.
export const POST = apiRoute({ auth: "optional", handler: async ({ req, edition }) => handleMcpRequest(req, edition) });
