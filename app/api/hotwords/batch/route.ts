import { apiRoute } from "@/lib/api/handler";
import { batchHotwordsBody } from "@/lib/hotwords/hotword.schema";
import { createHotwordBatch } from "@/lib/hotwords/hotwords.service";

// One hotword per line; answers with created and failed counts.
export const POST = apiRoute({ auth: "user", body: batchHotwordsBody, handler: async ({ caller, body, locale }) => createHotwordBatch(caller.user.id, body.texts, locale) });
