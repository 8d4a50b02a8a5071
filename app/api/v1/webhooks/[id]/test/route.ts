import { apiRoute } from "@/lib/api/handler";
import { sendTestEvent } from "@/lib/webhooks/emit";
import { webhookIdParams } from "@/lib/webhooks/webhooks.schema";

export const POST = apiRoute({ auth: "write", params: webhookIdParams, handler: async ({ caller, params }) => sendTestEvent(caller.user.id, params.id) });
