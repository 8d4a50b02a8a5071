import { apiRoute } from "@/lib/api/handler";
import { createHotwordBody } from "@/lib/hotwords/hotword.schema";
import { createHotword, listHotwords } from "@/lib/hotwords/hotwords.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listHotwords(caller.user.id) });

export const POST = apiRoute({ auth: "user", body: createHotwordBody, handler: async ({ caller, body }) => createHotword(caller.user.id, body.text) });
