import { apiRoute } from "@/lib/api/handler";
import { forgetEndpointBody } from "@/lib/push/push.schema";
import { forgetEndpoint } from "@/lib/push/push.service";

// Logout from a device: its subscription is dropped (the endpoint travels in the body, never in an address).
export const POST = apiRoute({ auth: "user", body: forgetEndpointBody, bodyLimitBytes: 4 * 1024, handler: async ({ caller, body }) => forgetEndpoint(caller.user.id, body.endpoint) });
