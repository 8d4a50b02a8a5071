import { apiRoute } from "@/lib/api/handler";
import { taskIdParams } from "@/lib/tasks/task.schema";
import { startTranscription } from "@/lib/tasks/task.service";

export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  handler: async ({ caller, params, locale }) => startTranscription(caller.user.id, params.id, locale),
});
