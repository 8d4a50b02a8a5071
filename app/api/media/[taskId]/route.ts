import { z } from "zod";
import { apiRoute } from "@/lib/api/handler";
import { resolveSignedMedia } from "@/lib/tasks/media-access";
import { serveStored } from "@/lib/storage/serve";

// The player's media: authorised by the signed URL from .../media-url, not by a bearer token.
// serveStored sends our own type (never the uploader's), nosniff, a sandbox CSP and the disposition.
export const GET = apiRoute({
  auth: "optional",
  params: z.object({ taskId: z.string().min(1).max(64) }),
  handler: async ({ req, params }) => {
    const { key, type, name } = await resolveSignedMedia(params.taskId, req.nextUrl.searchParams.get("exp"), req.nextUrl.searchParams.get("sig"));
    return serveStored(key, { type, name }, req.headers.get("range"));
  },
});
