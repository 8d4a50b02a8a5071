import { apiRoute } from "@/lib/api/handler";
import { liveSessionParams } from "@/lib/live/live.schema";
import { discardSession, getSession } from "@/lib/live/sessions";

export const GET = apiRoute({ auth: "user", params: liveSessionParams, handler: async ({ caller, params }) => getSession(caller.user.id, params.id) });

export const DELETE = apiRoute({ auth: "user", params: liveSessionParams, handler: async ({ caller, params }) => discardSession(caller.user.id, params.id) });
