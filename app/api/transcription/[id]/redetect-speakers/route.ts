import { apiRoute } from "@/lib/api/handler";
import { redetectSpeakersBody, taskIdParams } from "@/lib/tasks/task.schema";
import { requestSpeakerRedetection } from "@/lib/tasks/speakers";
import { getTask } from "@/lib/tasks/task.service";

export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: redetectSpeakersBody,
  handler: async ({ caller, params, body, locale }) => {
    await requestSpeakerRedetection(caller.user.id, params.id, body.speakerCount, locale);
    return getTask(caller.user.id, params.id);
  },
});
