import { apiRoute } from "@/lib/api/handler";
import { LIVE_JSON_LIMIT_BYTES, liveMarkBody, liveSessionParams } from "@/lib/live/live.schema";
import { addMark } from "@/lib/live/sessions";

export const POST = apiRoute({
  auth: "user",
  params: liveSessionParams,
  body: liveMarkBody,
  bodyLimitBytes: LIVE_JSON_LIMIT_BYTES,
  handler: async ({ caller, params, body }) => addMark(caller.user.id, params.id, body.atSec),
});
