import { apiRoute } from "@/lib/api/handler";
import { ndjsonResponse } from "@/lib/api/stream";
import { checkAnswerBody } from "@/lib/analysis/analysis.schema";
import { prepareCheckAnswer } from "@/lib/analysis/chat.service";

export const POST = apiRoute({
  auth: "user",
  body: checkAnswerBody,
  handler: async ({ req, caller, body, locale }) => {
    return ndjsonResponse(await prepareCheckAnswer(caller.user, { taskId: body.task_id, quizId: body.quiz_id, questionId: body.question_id, answer: body.answer, locale }), {
      locale,
      signal: req.signal,
    });
  },
});
