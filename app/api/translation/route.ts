import { apiRoute } from "@/lib/api/handler";
import { translationBody } from "@/lib/analysis/analysis.schema";
import { requestTranslation } from "@/lib/analysis/translation.service";
import { consumeAiRequest } from "@/lib/api/rate-limit";

export const POST = apiRoute({
  auth: "user",
  body: translationBody,
  handler: async ({ caller, body, locale }) => {
    await consumeAiRequest(caller.user);
    return requestTranslation(caller.user.id, { taskId: body.task_id, target: body.target_language, locale });
  },
});
