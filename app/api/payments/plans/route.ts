import { apiRoute } from "@/lib/api/handler";
import { listPlans } from "@/lib/billing/plan-list";

// Public: visitors see the prices too (the plans page and the landing page); a caller's plan is marked.
export const GET = apiRoute({ auth: "optional", handler: async ({ caller, edition }) => listPlans(edition, caller?.user.planCode ?? null) });
