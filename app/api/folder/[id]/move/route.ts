import { apiRoute } from "@/lib/api/handler";
import { folderIdParams, moveTaskBody } from "@/lib/folders/folder.schema";
import { moveTasks } from "@/lib/folders/folders.service";

// POST /api/folder/{fileId}/move: the segment is the task's id (Next.js wants one
// name per dynamic segment, hence [id]). folderId null moves it to uncategorized.
export const POST = apiRoute({ auth: "user", params: folderIdParams, body: moveTaskBody, handler: async ({ caller, params, body }) => moveTasks(caller.user.id, [params.id], body.folderId) });
