// Browser call for the outline's to-do ticks (docs/chapters.md).
import { api } from "@/lib/client/api";

export const outlineApi = {
  tick: (taskId: string, todoId: string, done: boolean) => api.put<{ id: string; done: boolean }>(`/api/transcription/tasks/${encodeURIComponent(taskId)}/todos`, { todo_id: todoId, done }),
};
