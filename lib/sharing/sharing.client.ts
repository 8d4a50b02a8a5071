// Typed client calls for the share routes (docs/sharing.md).
import { api } from "@/lib/client/api";
import type { ShareState } from "@/lib/sharing/sharing.service";
import type { ShareToggle } from "@/lib/sharing/sharing.schema";

export type { ShareState };

const base = (taskId: string) => `/api/transcription/tasks/${encodeURIComponent(taskId)}`;

export const shareApi = {
  get: async (taskId: string) => (await api.get<{ share: ShareState | null }>(`${base(taskId)}/share`)).share,
  create: (taskId: string) => api.post<ShareState>(`${base(taskId)}/share`),
  toggle: (taskId: string, change: ShareToggle) => api.put<ShareState>(`${base(taskId)}/share_toggle`, change),
};
