import { apiRoute } from "@/lib/api/handler";
import { liveSessionParams } from "@/lib/live/live.schema";
import { setPaused } from "@/lib/live/sessions";

export const POST = apiRoute({ auth: "user", params: liveSessionParams, handler: async ({ caller, params }) => setPaused(caller.user.id, params.id, false) });
