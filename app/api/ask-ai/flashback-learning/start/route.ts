import { apiRoute } from "@/lib/api/handler";
import { ndjsonResponse } from "@/lib/api/stream";
import { flashbackStartBody } from "@/lib/analysis/analysis.schema";
import { prepareFlashback } from "@/lib/analysis/chat.service";

// Writes a review quiz about the task and streams its questions (without answers).
export const POST = apiRoute({
  auth: "user",
  body: flashbackStartBody,
  handler: async ({ req, caller, body, locale }) => {
    const settings = { type: body.question_type, count: body.question_count, includeAnswers: body.include_answers, includeAnalysis: body.include_analysis };
    return ndjsonResponse(await prepareFlashback(caller.user, body.task_id, settings), { locale, signal: req.signal });
  },
});
