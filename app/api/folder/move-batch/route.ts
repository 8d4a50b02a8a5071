import { apiRoute } from "@/lib/api/handler";
import { moveBatchBody } from "@/lib/folders/folder.schema";
import { moveTasks } from "@/lib/folders/folders.service";

// Several selected tasks at once; folderId null moves them to uncategorized.
export const POST = apiRoute({ auth: "user", body: moveBatchBody, handler: async ({ caller, body }) => moveTasks(caller.user.id, body.ids, body.folderId) });
