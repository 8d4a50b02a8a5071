import { apiRoute } from "@/lib/api/handler";
import { LIVE_JSON_LIMIT_BYTES, liveListQuery, newLiveSessionBody } from "@/lib/live/live.schema";
import { createSession, listSessions } from "@/lib/live/sessions";

export const POST = apiRoute({
  auth: "user",
  body: newLiveSessionBody,
  bodyLimitBytes: LIVE_JSON_LIMIT_BYTES,
  handler: async ({ caller, body, locale }) => createSession(caller.user.id, body, locale),
});

// ?open=1: the recordings not ended, to offer "continue this recording" after a reload.
export const GET = apiRoute({ auth: "user", query: liveListQuery, handler: async ({ caller, query }) => ({ sessions: await listSessions(caller.user.id, query.open === "1") }) });
