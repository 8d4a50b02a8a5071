import { apiRoute } from "@/lib/api/handler";
import { resendDelivery } from "@/lib/webhooks/emit";
import { deliveryParams } from "@/lib/webhooks/webhooks.schema";

export const POST = apiRoute({ auth: "write", params: deliveryParams, handler: async ({ caller, params }) => resendDelivery(caller.user.id, params.id, params.deliveryId) });
