import { apiRoute } from "@/lib/api/handler";
import { listDeletedTasks } from "@/lib/tasks/recently-deleted";

// The caller's Recently deleted tasks (restorable until purged).
export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listDeletedTasks(caller.user.id) });
