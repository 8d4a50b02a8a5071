import { apiRoute } from "@/lib/api/handler";
import { collaboratorParams } from "@/lib/collab/collab.schema";
import { removeCollaborator } from "@/lib/collab/collaborators.service";

// Only the owner removes; the owner cannot be removed.
export const DELETE = apiRoute({
  auth: "user",
  params: collaboratorParams,
  handler: async ({ caller, params }) => removeCollaborator(params.id, caller.user.id, params.userId),
});
