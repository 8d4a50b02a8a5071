import { apiRoute } from "@/lib/api/handler";
import { todoTickBody } from "@/lib/analysis/analysis.schema";
import { setTodoDone } from "@/lib/analysis/todos.service";
import { taskIdParams } from "@/lib/tasks/task.schema";

/** Ticks one to-do of the task's outline off or on: owner and collaborators (docs/chapters.md). */
export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: todoTickBody,
  bodyLimitBytes: 1024,
  handler: async ({ caller, params, body }) => setTodoDone(caller.user.id, params.id, body.todo_id, body.done),
});
