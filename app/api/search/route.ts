import { apiRoute } from "@/lib/api/handler";
import { searchQuerySchema } from "@/lib/search/search.schema";
import { searchTasks } from "@/lib/search/search.service";

// GET /api/search?q=&folderId=&page= (docs/api.md, docs/search.md): the caller's own and shared tasks only.
export const GET = apiRoute({ auth: "user", query: searchQuerySchema, handler: async ({ caller, query }) => searchTasks(caller.user.id, query) });
