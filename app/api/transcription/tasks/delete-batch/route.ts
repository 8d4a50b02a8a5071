import { apiRoute } from "@/lib/api/handler";
import { deleteBatchBody } from "@/lib/tasks/task.schema";
import { deleteTasks } from "@/lib/tasks/task.service";

export const POST = apiRoute({ auth: "user", body: deleteBatchBody, handler: async ({ caller, body }) => deleteTasks(caller.user.id, body.ids) });
