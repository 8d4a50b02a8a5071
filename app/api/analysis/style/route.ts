import { apiRoute } from "@/lib/api/handler";
import { summaryStyleBody } from "@/lib/analysis/analysis.schema";
import { getSummaryStyle, saveSummaryStyle } from "@/lib/analysis/style.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => getSummaryStyle(caller.user.id) });

export const PUT = apiRoute({ auth: "user", body: summaryStyleBody, handler: async ({ caller, body }) => saveSummaryStyle(caller.user.id, body) });
