import { apiRoute } from "@/lib/api/handler";
import { ndjsonResponse } from "@/lib/api/stream";
import { askBody } from "@/lib/analysis/analysis.schema";
import { prepareAsk } from "@/lib/analysis/chat.service";

// Ask AI about one task: the answer streams as NDJSON events (docs/api.md).
export const POST = apiRoute({
  auth: "user",
  body: askBody,
  handler: async ({ req, caller, body, locale }) => {
    return ndjsonResponse(await prepareAsk(caller.user, body.task_id, body.question), { locale, signal: req.signal });
  },
});
