import { apiRoute } from "@/lib/api/handler";
import { createFromMerge } from "@/lib/tasks/upload";

export const POST = apiRoute({ auth: "user", handler: async ({ req, caller, locale }) => createFromMerge(req, caller.user.id, locale) });
