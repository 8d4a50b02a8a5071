import { apiRoute } from "@/lib/api/handler";
import { downloadLinkFor } from "@/lib/tools/media/download";
import { fileIdParams } from "@/lib/tools/media/media.schema";
import { toolOwner } from "@/lib/tools/media/owner";

// A short-lived signed address for the browser to navigate to (or "download link expired").
export const POST = apiRoute({ auth: "optional", params: fileIdParams, handler: async ({ req, caller, params }) => downloadLinkFor(await toolOwner(req, caller), params.id) });
