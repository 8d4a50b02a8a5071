import { apiRoute } from "@/lib/api/handler";
import { taskIdParams } from "@/lib/tasks/task.schema";
import { getTask } from "@/lib/tasks/task.service";
import { rememberVoiceBody } from "@/lib/voice-profiles/voice-profile.schema";
import { rememberVoice } from "@/lib/voice-profiles/profiles.service";

export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: rememberVoiceBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body }) => {
    const { profile } = await rememberVoice(caller.user.id, params.id, body.speakerId, body.profileId);
    return { profile, task: await getTask(caller.user.id, params.id) };
  },
});
