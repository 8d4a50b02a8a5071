import { apiRoute } from "@/lib/api/handler";
import { editEntriesBody, taskIdParams } from "@/lib/tasks/task.schema";
import { editEntries } from "@/lib/tasks/task.service";

export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: editEntriesBody,
  handler: async ({ caller, params, body }) => editEntries(caller.user.id, params.id, body.entries),
});
