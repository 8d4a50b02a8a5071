import { apiRoute } from "@/lib/api/handler";
import { idempotent } from "@/lib/api-keys/idempotency";
import { listOrSearchTasks } from "@/lib/public-api/v1.service";
import { v1ListQuery } from "@/lib/public-api/v1.schema";
import { createFromUpload } from "@/lib/tasks/upload";

// The caller's tasks (?q= searches them), and new tasks from uploaded files (multipart, the web upload's limits).
export const GET = apiRoute({ auth: "read", query: v1ListQuery, handler: async ({ caller, query }) => listOrSearchTasks(caller.user.id, query) });

export const POST = apiRoute({ auth: "write", handler: async ({ req, caller, locale }) => idempotent(caller.user.id, req, undefined, () => createFromUpload(req, caller.user.id, locale)) });
