import { apiRoute } from "@/lib/api/handler";
import { createApiKeyBody } from "@/lib/api-keys/api-keys.schema";
import { createApiKey, listApiKeys } from "@/lib/api-keys/keys.service";

// The owner's keys, for the MCP server and the public API alike (docs/api.md "Keys").
export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listApiKeys(caller.user.id) });

export const POST = apiRoute({ auth: "user", body: createApiKeyBody, bodyLimitBytes: 16 * 1024, handler: async ({ caller, body }) => createApiKey(caller.user.id, body.name, body.scopes) });
