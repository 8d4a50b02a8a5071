import { apiRoute } from "@/lib/api/handler";
import { folderNameBody } from "@/lib/folders/folder.schema";
import { createFolder, listFolders } from "@/lib/folders/folders.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listFolders(caller.user.id) });

export const POST = apiRoute({ auth: "user", body: folderNameBody, handler: async ({ caller, body }) => createFolder(caller.user.id, body.name) });
