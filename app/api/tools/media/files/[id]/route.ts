import { apiRoute } from "@/lib/api/handler";
import { deleteToolFile, getToolFile } from "@/lib/tools/media/files.service";
import { fileIdParams } from "@/lib/tools/media/media.schema";
import { toolOwner } from "@/lib/tools/media/owner";

export const GET = apiRoute({ auth: "optional", params: fileIdParams, handler: async ({ req, caller, params }) => getToolFile(await toolOwner(req, caller), params.id) });

export const DELETE = apiRoute({ auth: "optional", params: fileIdParams, handler: async ({ req, caller, params }) => deleteToolFile(await toolOwner(req, caller), params.id) });
