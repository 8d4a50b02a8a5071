import { apiRoute } from "@/lib/api/handler";
import { pushSubscriptionBody } from "@/lib/push/push.schema";
import { listDevices, saveSubscription } from "@/lib/push/push.service";

// The devices receiving the caller's push notifications (docs/devices.md "Push notifications").
export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listDevices(caller.user.id) });

export const POST = apiRoute({ auth: "user", body: pushSubscriptionBody, bodyLimitBytes: 8 * 1024, handler: async ({ caller, body }) => saveSubscription(caller.user.id, body) });
