import { apiRoute } from "@/lib/api/handler";
import { getSubscription } from "@/lib/billing/subscription-manage";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => getSubscription(caller.user.id) });
