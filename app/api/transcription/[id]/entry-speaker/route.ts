import { apiRoute } from "@/lib/api/handler";
import { setEntrySpeaker } from "@/lib/tasks/speaker-edits";
import { entrySpeakerBody, taskIdParams } from "@/lib/tasks/task.schema";

// One line given to another speaker, or to a new one (the owner correcting the separation).
export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: entrySpeakerBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body, locale }) => setEntrySpeaker(caller.user.id, params.id, body.index, body.speakerId, locale),
});
