import { apiRoute } from "@/lib/api/handler";
import { analyzeBody } from "@/lib/analysis/analysis.schema";
import { requestAnalysis } from "@/lib/analysis/analysis.service";
import { taskIdParams } from "@/lib/tasks/task.schema";
import { getTask } from "@/lib/tasks/task.service";

// Starts the summary and mind map in the worker; { regenerate: true } confirms summarising again.
export const POST = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: analyzeBody,
  handler: async ({ caller, params, body, locale }) => {
    await requestAnalysis(caller.user, params.id, { regenerate: body.regenerate, locale });
    return getTask(caller.user.id, params.id);
  },
});
