// Browser calls for voice profiles (docs/voice-profiles.md); shapes come from the server through `import type`.
import { api } from "@/lib/client/api";
import type { Task } from "@/lib/tasks/task.client";
import type { VoiceProfileList } from "./profiles.service";

export type VoiceProfile = VoiceProfileList["items"][number];

const enc = encodeURIComponent;

export const voiceProfilesApi = {
  list: () => api.get<VoiceProfileList>("/api/voice-profiles"),
  rename: (id: string, name: string) => api.put<VoiceProfileList>(`/api/voice-profiles/${enc(id)}`, { name }),
  merge: (id: string, intoId: string) => api.post<VoiceProfileList>(`/api/voice-profiles/${enc(id)}/merge`, { intoId }),
  remove: (id: string) => api.del<{ deleted: string }>(`/api/voice-profiles/${enc(id)}`),
  /** "Remember this voice" for a task's speaker; `profileId` adds it to an existing profile ("this is also Anna"). */
  remember: (taskId: string, speakerId: string, profileId?: string) =>
    api.post<{ profile: { id: string; name: string }; task: Task }>(`/api/transcription/${enc(taskId)}/remember-voice`, { speakerId, ...(profileId ? { profileId } : {}) }),
  answer: (taskId: string, speakerId: string, action: "confirm" | "undo") => api.post<Task>(`/api/transcription/${enc(taskId)}/voice-match`, { speakerId, action }),
};
