import { apiRoute } from "@/lib/api/handler";
import { taskPageQuery } from "@/lib/folders/folder.schema";
import { listTasks } from "@/lib/tasks/task.service";

// GET /api/task?page&folderId (API contract Folders): the task list of GET /api/transcription/tasks under these names.
export const GET = apiRoute({
  auth: "user",
  query: taskPageQuery,
  handler: async ({ caller, query }) => listTasks(caller.user.id, { page: query.page, page_size: query.page_size, folder_id: query.folderId }),
});
