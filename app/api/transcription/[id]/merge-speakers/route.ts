import { apiRoute } from "@/lib/api/handler";
import { mergeSpeakers } from "@/lib/tasks/speaker-edits";
import { mergeSpeakersBody, taskIdParams } from "@/lib/tasks/task.schema";

// Two speakers the separation split apart made one again.
export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: mergeSpeakersBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body }) => mergeSpeakers(caller.user.id, params.id, body.speakerId, body.intoSpeakerId),
});
