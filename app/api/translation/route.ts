import { apiRoute } from "@/lib/api/handler";
import { translationBody } from "@/lib/analysis/analysis.schema";
import { requestTranslation } from "@/lib/analysis/translation.service";

export const POST = apiRoute({
  auth: "user",
  body: translationBody,
  handler: async ({ caller, body, locale }) => {
    return requestTranslation(caller.user, { taskId: body.task_id, target: body.target_language, locale });
  },
});
