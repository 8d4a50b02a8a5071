import { apiRoute } from "@/lib/api/handler";
import { fileIdParams } from "@/lib/tools/media/media.schema";
import { toolOwner } from "@/lib/tools/media/owner";
import { transcribeToolFile } from "@/lib/tools/media/transcribe";

// "Transcribe this": signed-in only; the processed file becomes a transcription task.
export const POST = apiRoute({ auth: "user", params: fileIdParams, handler: async ({ req, caller, params, locale }) => transcribeToolFile(await toolOwner(req, caller), params.id, locale) });
