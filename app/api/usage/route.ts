import { apiRoute } from "@/lib/api/handler";
import { getUsage } from "@/lib/billing/usage";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => getUsage(caller.user.id) });
