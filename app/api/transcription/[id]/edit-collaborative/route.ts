import { apiRoute } from "@/lib/api/handler";
import { EDIT_COLLABORATIVE_BODY_LIMIT_BYTES, editCollaborativeBody } from "@/lib/collab/coedit.schema";
import { saveCollaborativeEdit } from "@/lib/collab/coedit.service";
import { taskIdParams } from "@/lib/tasks/task.schema";

// Exit from co-editing: the merged transcript paragraphs and/or summary markdown, written back (owner or collaborator).
export const PUT = apiRoute({
  auth: "user",
  params: taskIdParams,
  body: editCollaborativeBody,
  bodyLimitBytes: EDIT_COLLABORATIVE_BODY_LIMIT_BYTES,
  handler: ({ caller, params, body }) => saveCollaborativeEdit(caller.user.id, params.id, body),
});
