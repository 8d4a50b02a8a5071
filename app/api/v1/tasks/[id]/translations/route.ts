import { apiRoute } from "@/lib/api/handler";
import { requestTranslation } from "@/lib/analysis/translation.service";
import { v1TaskIdParams, v1TranslationBody } from "@/lib/public-api/v1.schema";

// Asks for a translation of the timeline and summary (translation.completed follows).
export const POST = apiRoute({
  auth: "write",
  params: v1TaskIdParams,
  body: v1TranslationBody,
  handler: async ({ caller, params, body, locale }) => requestTranslation(caller.user, { taskId: params.id, target: body.target_language, locale }),
});
