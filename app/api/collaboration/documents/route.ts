import { apiRoute } from "@/lib/api/handler";
import { sharedListQuery } from "@/lib/collab/collab.schema";
import { listSharedWithMe } from "@/lib/collab/shared.service";

// "Shared with me": the tasks the caller collaborates on, paged.
export const GET = apiRoute({ auth: "user", query: sharedListQuery, handler: async ({ caller, query }) => listSharedWithMe(caller.user.id, query) });
