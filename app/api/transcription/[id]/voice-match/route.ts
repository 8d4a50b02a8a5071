import { apiRoute } from "@/lib/api/handler";
import { taskIdParams } from "@/lib/tasks/task.schema";
import { getTask } from "@/lib/tasks/task.service";
import { voiceMatchBody } from "@/lib/voice-profiles/voice-profile.schema";
import { answerVoiceMatch } from "@/lib/voice-profiles/profiles.service";

export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: voiceMatchBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body, locale }) => {
    await answerVoiceMatch(caller.user.id, params.id, body.speakerId, body.action, locale);
    return getTask(caller.user.id, params.id);
  },
});
