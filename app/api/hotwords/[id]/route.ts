import { apiRoute } from "@/lib/api/handler";
import { hotwordIdParams, updateHotwordBody } from "@/lib/hotwords/hotword.schema";
import { deleteHotword, updateHotword } from "@/lib/hotwords/hotwords.service";

export const PUT = apiRoute({ auth: "user", params: hotwordIdParams, body: updateHotwordBody, handler: async ({ caller, params, body }) => updateHotword(caller.user.id, params.id, body) });

export const DELETE = apiRoute({ auth: "user", params: hotwordIdParams, handler: async ({ caller, params }) => deleteHotword(caller.user.id, params.id) });
