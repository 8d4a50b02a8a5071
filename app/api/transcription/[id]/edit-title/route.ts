import { apiRoute } from "@/lib/api/handler";
import { editTitleBody, taskIdParams } from "@/lib/tasks/task.schema";
import { editTitle } from "@/lib/tasks/task.service";

export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: editTitleBody,
  handler: async ({ caller, params, body }) => editTitle(caller.user.id, params.id, body.title),
});
