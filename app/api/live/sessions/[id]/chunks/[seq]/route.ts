import { apiRoute } from "@/lib/api/handler";
import { putChunk, readChunkBody } from "@/lib/live/chunks";
import { liveChunkParams } from "@/lib/live/live.schema";

// Raw 16-bit PCM (application/octet-stream), read here with its own cap (64 KiB).
export const PUT = apiRoute({
  auth: "user",
  params: liveChunkParams,
  handler: async ({ caller, params, req }) => putChunk(caller.user.id, params.id, params.seq, await readChunkBody(req)),
});
