import { apiRoute } from "@/lib/api/handler";
import { regenerateMindMapBody } from "@/lib/analysis/analysis.schema";
import { redrawMindMap } from "@/lib/analysis/analysis.service";
import { getTask } from "@/lib/tasks/task.service";

// Redraws the mind map from the saved summary.
export const POST = apiRoute({
  auth: "user",
  body: regenerateMindMapBody,
  handler: async ({ caller, body }) => {
    await redrawMindMap(caller.user.id, body.task_id);
    return getTask(caller.user.id, body.task_id);
  },
});
