import { apiRoute } from "@/lib/api/handler";
import { deleteBatchBody } from "@/lib/tasks/task.schema";
import { deleteTasksForever } from "@/lib/tasks/recently-deleted";

// "Delete forever" from the Recently deleted view: only tasks already there.
export const POST = apiRoute({ auth: "user", body: deleteBatchBody, handler: async ({ caller, body }) => deleteTasksForever(caller.user.id, body.ids) });
