import { apiRoute } from "@/lib/api/handler";
import { exportTask } from "@/lib/exports/export.service";
import { exportQuery } from "@/lib/exports/formats";
import { taskIdParams } from "@/lib/tasks/task.schema";

// The task as a file: ?format=txt|srt|vtt|docx|md|xmind|pdf (&part=transcript|summary for docx). docs/exports.md.
export const GET = apiRoute({
  auth: "user",
  params: taskIdParams,
  query: exportQuery,
  handler: async ({ caller, params, query, locale, t }) => exportTask({ userId: caller.user.id, planCode: caller.user.planCode }, params.id, query, locale, t),
});
