// Typed client calls for the collaboration routes (docs/api.md, docs/collab.md).
import { api } from "@/lib/client/api";
import { DEFAULT_PAGE_SIZE, type TaskPage } from "@/lib/tasks/task.client";

export interface Collaborator {
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  isOwner: boolean;
  addedAt: string | null;
}

export interface CollabPermission {
  role: "owner" | "collaborator" | "none";
  can: { read: boolean; edit: boolean; share: boolean; delete: boolean; manageCollaborators: boolean };
}

const enc = encodeURIComponent;
const base = (taskId: string) => `/api/collaboration/documents/${enc(taskId)}`;

export const collabApi = {
  list: (taskId: string) => api.get<{ role: "owner" | "collaborator"; items: Collaborator[] }>(`${base(taskId)}/collaborators`),
  add: (taskId: string, userIdentifier: string) => api.post<{ collaborator: Collaborator }>(`${base(taskId)}/collaborators`, { user_identifier: userIdentifier }),
  remove: (taskId: string, userId: string) => api.del<{ removed: string }>(`${base(taskId)}/collaborators/${enc(userId)}`),
  permission: (taskId: string) => api.get<CollabPermission>(`${base(taskId)}/permission`),
  /** "Shared with me": tasks the caller collaborates on, with their owner's name. */
  shared: (page = 1, pageSize = DEFAULT_PAGE_SIZE) => api.get<TaskPage>("/api/collaboration/documents", { page: String(page), page_size: String(pageSize) }),
};
