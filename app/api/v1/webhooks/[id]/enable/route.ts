import { apiRoute } from "@/lib/api/handler";
import { enableEndpoint } from "@/lib/webhooks/endpoints.service";
import { webhookIdParams } from "@/lib/webhooks/webhooks.schema";

export const POST = apiRoute({ auth: "write", params: webhookIdParams, handler: async ({ caller, params }) => enableEndpoint(caller.user.id, params.id) });
