import { apiRoute } from "@/lib/api/handler";
import { continueSubscription } from "@/lib/billing/subscription-manage";

// Undo a cancel at period end; a fully canceled or expired subscription needs a new purchase (states and transitions).
export const POST = apiRoute({ auth: "user", handler: async ({ caller }) => continueSubscription(caller.user.id) });
