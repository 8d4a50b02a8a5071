import { apiRoute } from "@/lib/api/handler";
import { documentParams } from "@/lib/collab/collab.schema";
import { permissionOf } from "@/lib/collab/collaborators.service";

// The caller's role (owner, collaborator or none) and what it allows.
export const GET = apiRoute({ auth: "user", params: documentParams, handler: async ({ caller, params }) => permissionOf(params.id, caller.user.id) });
