import { apiRoute } from "@/lib/api/handler";
import { listTasksQuery } from "@/lib/tasks/task.schema";
import { listTasks } from "@/lib/tasks/task.service";

export const GET = apiRoute({ auth: "user", query: listTasksQuery, handler: async ({ caller, query }) => listTasks(caller.user.id, query) });
