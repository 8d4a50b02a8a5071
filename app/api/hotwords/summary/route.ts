import { apiRoute } from "@/lib/api/handler";
import { getHotwordSummary } from "@/lib/hotwords/hotwords.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => getHotwordSummary(caller.user.id) });
