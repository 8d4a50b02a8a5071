import { apiRoute } from "@/lib/api/handler";
import { listPlans } from "@/lib/billing/plan-list";

export const GET = apiRoute({ auth: "user", handler: async ({ caller, edition }) => listPlans(edition, caller.user.planCode) });
