import { apiRoute } from "@/lib/api/handler";
import { createFromUpload } from "@/lib/tasks/upload";

export const POST = apiRoute({ auth: "user", handler: async ({ req, caller, locale }) => createFromUpload(req, caller.user.id, locale) });
