import { apiRoute } from "@/lib/api/handler";
import { createEndpoint, listEndpoints } from "@/lib/webhooks/endpoints.service";
import { createWebhookBody } from "@/lib/webhooks/webhooks.schema";

// The caller's webhook endpoints (the account panel uses these routes too). The secret is in the create answer only.
export const GET = apiRoute({ auth: "read", handler: async ({ caller }) => listEndpoints(caller.user.id) });

export const POST = apiRoute({ auth: "write", body: createWebhookBody, bodyLimitBytes: 16 * 1024, handler: async ({ caller, body }) => createEndpoint(caller.user.id, body) });
