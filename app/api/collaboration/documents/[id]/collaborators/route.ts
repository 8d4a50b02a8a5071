import { apiRoute } from "@/lib/api/handler";
import { addCollaboratorBody, documentParams } from "@/lib/collab/collab.schema";
import { addCollaborator, listCollaborators } from "@/lib/collab/collaborators.service";

// Owner and collaborators see the list; only the owner adds (by email or phone, per edition).
export const GET = apiRoute({ auth: "user", params: documentParams, handler: async ({ caller, params }) => listCollaborators(params.id, caller.user.id) });

export const POST = apiRoute({
  auth: "user",
  params: documentParams,
  body: addCollaboratorBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body, edition }) => addCollaborator(params.id, caller.user.id, body.user_identifier, edition),
});
