import { apiRoute } from "@/lib/api/handler";
import { liveSessionParams } from "@/lib/live/live.schema";
import { liveEventStream } from "@/lib/live/live-stream";

export const dynamic = "force-dynamic";

// Server-sent events: text, status and limit (docs/live.md "Events").
export const GET = apiRoute({ auth: "user", params: liveSessionParams, handler: async ({ caller, params, req }) => liveEventStream(caller.user.id, params.id, req.signal) });
