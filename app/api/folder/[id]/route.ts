import { apiRoute } from "@/lib/api/handler";
import { folderIdParams, folderNameBody } from "@/lib/folders/folder.schema";
import { deleteFolder, renameFolder } from "@/lib/folders/folders.service";

export const PUT = apiRoute({ auth: "user", params: folderIdParams, body: folderNameBody, handler: async ({ caller, params, body }) => renameFolder(caller.user.id, params.id, body.name) });

// The folder's tasks move to uncategorized; no recording is deleted.
export const DELETE = apiRoute({ auth: "user", params: folderIdParams, handler: async ({ caller, params }) => deleteFolder(caller.user.id, params.id) });
