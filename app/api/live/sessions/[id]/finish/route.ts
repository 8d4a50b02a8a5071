import { apiRoute } from "@/lib/api/handler";
import { finishSession } from "@/lib/live/finish";
import { LIVE_JSON_LIMIT_BYTES, liveFinishBody, liveSessionParams } from "@/lib/live/live.schema";

// Missing chunks answer live.chunksMissing with data {missing: [seq...]}: the browser sends them and finishes again.
export const POST = apiRoute({
  auth: "user",
  params: liveSessionParams,
  body: liveFinishBody,
  bodyLimitBytes: LIVE_JSON_LIMIT_BYTES,
  handler: async ({ caller, params, body, locale }) => finishSession(caller.user.id, params.id, body.lastSeq, locale),
});
