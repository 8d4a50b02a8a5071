import { apiRoute } from "@/lib/api/handler";
import { requestAnalysis } from "@/lib/analysis/analysis.service";
import { v1SummaryBody, v1TaskIdParams } from "@/lib/public-api/v1.schema";
import { summaryOf } from "@/lib/public-api/v1.service";

// The summary (markdown); POST asks for one (summary.completed follows), regenerate: true for a new one.
export const GET = apiRoute({ auth: "read", params: v1TaskIdParams, handler: async ({ caller, params }) => summaryOf(caller.user.id, params.id) });

export const POST = apiRoute({
  auth: "write",
  params: v1TaskIdParams,
  body: v1SummaryBody,
  handler: async ({ caller, params, body, locale }) => requestAnalysis(caller.user, params.id, { regenerate: body.regenerate, locale }),
});
