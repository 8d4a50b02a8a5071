import { apiRoute } from "@/lib/api/handler";
import { editSpeakerNamesBody, taskIdParams } from "@/lib/tasks/task.schema";
import { editSpeakerNames } from "@/lib/tasks/task.service";

export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: editSpeakerNamesBody,
  handler: async ({ caller, params, body }) => editSpeakerNames(caller.user.id, params.id, body.speakers),
});
