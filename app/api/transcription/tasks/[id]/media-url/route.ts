import { apiRoute } from "@/lib/api/handler";
import { mediaUrlFor } from "@/lib/tasks/media-access";
import { taskIdParams } from "@/lib/tasks/task.schema";

export const GET = apiRoute({ auth: "user", params: taskIdParams, handler: async ({ caller, params }) => mediaUrlFor(caller.user.id, params.id) });
