import { apiRoute } from "@/lib/api/handler";
import { v1TaskIdParams } from "@/lib/public-api/v1.schema";
import { deleteTasks, getTaskSummary } from "@/lib/tasks/task.service";

// A task's status (progress, error); deleting moves it to Recently deleted, as in the app.
export const GET = apiRoute({ auth: "read", params: v1TaskIdParams, handler: async ({ caller, params }) => getTaskSummary(caller.user.id, params.id) });

export const DELETE = apiRoute({ auth: "write", params: v1TaskIdParams, handler: async ({ caller, params }) => deleteTasks(caller.user.id, [params.id]) });
