import { apiRoute } from "@/lib/api/handler";
import { saveSummary } from "@/lib/analysis/analysis.service";
import { EDIT_TASK_BODY_LIMIT_BYTES, editTaskBody, taskIdParams } from "@/lib/tasks/task.schema";
import { editEntries, getTask } from "@/lib/tasks/task.service";

// Edits the transcript's lines, the summary markdown, or both.
export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: editTaskBody,
  bodyLimitBytes: EDIT_TASK_BODY_LIMIT_BYTES,
  handler: async ({ caller, params, body }) => {
    if (body.summary !== undefined) await saveSummary(caller.user.id, params.id, body.summary);
    return body.entries ? editEntries(caller.user.id, params.id, body.entries) : getTask(caller.user.id, params.id);
  },
});
