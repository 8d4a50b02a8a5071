import { apiRoute } from "@/lib/api/handler";
import { v1TaskIdParams } from "@/lib/public-api/v1.schema";
import { startTranscription } from "@/lib/tasks/task.service";

// Starting twice, or a finished task, is harmless; a failed task is retried (and charged again).
export const POST = apiRoute({ auth: "write", params: v1TaskIdParams, handler: async ({ caller, params, locale }) => startTranscription(caller.user.id, params.id, locale) });
