import { apiRoute } from "@/lib/api/handler";
import { cancelSubscription } from "@/lib/billing/subscription-manage";

// Cancel at the end of the paid period; benefits stay until then (spec §4).
export const POST = apiRoute({ auth: "user", handler: async ({ caller }) => cancelSubscription(caller.user.id) });
