import { apiRoute } from "@/lib/api/handler";
import { listDeliveries } from "@/lib/webhooks/endpoints.service";
import { webhookIdParams } from "@/lib/webhooks/webhooks.schema";

// The delivery log: time, event, status, response status and time, newest first.
export const GET = apiRoute({ auth: "read", params: webhookIdParams, handler: async ({ caller, params }) => listDeliveries(caller.user.id, params.id) });
