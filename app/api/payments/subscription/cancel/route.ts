import { apiRoute } from "@/lib/api/handler";
import { cancelSubscription } from "@/lib/billing/subscription-manage";

// Cancel at the end of the paid period; benefits stay until then (states and transitions).
export const POST = apiRoute({ auth: "user", handler: async ({ caller }) => cancelSubscription(caller.user.id) });
