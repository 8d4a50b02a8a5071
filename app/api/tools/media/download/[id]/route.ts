import { apiRoute } from "@/lib/api/handler";
import { serveDownload } from "@/lib/tools/media/download";
import { fileIdParams } from "@/lib/tools/media/media.schema";

// The processed file itself: authorised by the signed address from .../files/{id}/download, not by a token.
export const GET = apiRoute({
  auth: "optional",
  params: fileIdParams,
  handler: async ({ req, params }) => serveDownload(params.id, req.nextUrl.searchParams.get("exp"), req.nextUrl.searchParams.get("sig"), req.headers.get("range")),
});
