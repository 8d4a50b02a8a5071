import { apiRoute } from "@/lib/api/handler";
import { deleteEndpoint } from "@/lib/webhooks/endpoints.service";
import { webhookIdParams } from "@/lib/webhooks/webhooks.schema";

export const DELETE = apiRoute({ auth: "write", params: webhookIdParams, handler: async ({ caller, params }) => deleteEndpoint(caller.user.id, params.id) });
