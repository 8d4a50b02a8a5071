import { apiRoute } from "@/lib/api/handler";
import { taskIdParams } from "@/lib/tasks/task.schema";
import { getTask } from "@/lib/tasks/task.service";

export const GET = apiRoute({ auth: "user", params: taskIdParams, handler: async ({ caller, params }) => getTask(caller.user.id, params.id) });
