import { apiRoute } from "@/lib/api/handler";
import { deleteBatchBody } from "@/lib/tasks/task.schema";
import { restoreTasks } from "@/lib/tasks/recently-deleted";

export const POST = apiRoute({ auth: "user", body: deleteBatchBody, handler: async ({ caller, body }) => restoreTasks(caller.user.id, body.ids) });
