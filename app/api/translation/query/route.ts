import { apiRoute } from "@/lib/api/handler";
import { translationQuery } from "@/lib/analysis/analysis.schema";
import { queryTranslation } from "@/lib/analysis/translation.service";

// The translation of a task into one language, or null when none was asked for.
export const GET = apiRoute({
  auth: "user",
  query: translationQuery,
  handler: async ({ caller, query }) => queryTranslation(caller.user.id, query.task_id, query.target_language),
});
