import { apiRoute } from "@/lib/api/handler";
import { startToolFile } from "@/lib/tools/media/files.service";
import { admitMediaStart } from "@/lib/tools/media/limits";
import { fileIdParams } from "@/lib/tools/media/media.schema";
import { toolOwner } from "@/lib/tools/media/owner";
import { startSchema } from "@/lib/tools/media/rules";

// {mode: fastest | encode, format: mp3 | m4a | aac | wav, quality}: queued for the worker.
export const POST = apiRoute({
  auth: "optional",
  params: fileIdParams,
  body: startSchema,
  bodyLimitBytes: 4096,
  handler: async ({ req, caller, params, body, locale }) => {
    const owner = await toolOwner(req, caller);
    await admitMediaStart(req, owner);
    return startToolFile(owner, params.id, body, locale);
  },
});
