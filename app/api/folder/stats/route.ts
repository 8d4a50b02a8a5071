import { apiRoute } from "@/lib/api/handler";
import { folderStats } from "@/lib/folders/folders.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => folderStats(caller.user.id) });
