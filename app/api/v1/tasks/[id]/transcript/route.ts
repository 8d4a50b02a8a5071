import { apiRoute } from "@/lib/api/handler";
import { v1TaskIdParams, v1TranscriptQuery } from "@/lib/public-api/v1.schema";
import { transcriptOf } from "@/lib/public-api/v1.service";

export const GET = apiRoute({
  auth: "read",
  params: v1TaskIdParams,
  query: v1TranscriptQuery,
  handler: async ({ caller, params, query, locale, t }) => transcriptOf({ userId: caller.user.id, planCode: caller.user.planCode }, params.id, query, locale, t),
});
