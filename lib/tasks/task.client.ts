// Typed client calls for the transcription routes (docs/api.md) and the types the browser sees.
import { api } from "@/lib/client/api";
import type { MindMapNode } from "@/lib/analysis/types";
import type { Usage } from "@/lib/billing/usage";
import type { SpeechLanguageSupport } from "@/lib/speech/languages";
import type { MediaKind } from "@/lib/media/formats";
import type { MeetingStatus } from "@/lib/meetings/provider";
import type { TaskStatus } from "@/lib/tasks/task-status";
import type { TaskJson, TaskSummaryJson } from "@/lib/tasks/task.serializer";

export type { TaskStatus };
// The lifecycle's groups (lib/tasks/task-status.ts), under the names the components use.
export { hasTranscript, isInTranscription as isInProgress, isNonFinal } from "@/lib/tasks/task-status";

// The answers' shapes are the server's own (lib/tasks/task.serializer.ts), through `import type`:
// nothing of the server module reaches the bundle.
export type TaskSource = TaskSummaryJson["source"];
export type { MediaKind, MeetingStatus };
export type TaskErrorDetails = NonNullable<TaskSummaryJson["errorDetails"]>;
export type TaskProgress = NonNullable<TaskSummaryJson["progress"]>;

export interface TaskAccess {
  role: "owner" | "collaborator";
  /** The owner's name, shown to a collaborator; null for the owner. */
  ownerName: string | null;
}

/** A task in a list. `access`: the caller's role, on task detail always, on "Shared with me" items. */
export type TaskSummary = TaskSummaryJson & { access?: TaskAccess };

type SpeakerJson = TaskJson["speakers"][number];
/** A speaker; the voice-profile match (lib/voice-profiles) only comes with a task's detail. */
export type Speaker = Omit<SpeakerJson, "voiceMatch"> & { voiceMatch?: SpeakerJson["voiceMatch"] };
export type TimelineEntry = TaskJson["timeline"][number];

/** A task with its transcript; the mind map and decoding profile in their browser types. */
export type Task = Omit<TaskJson, "mindMap" | "decodeProfile"> & {
  mindMap: MindMapNode | null;
  /** "fast" / "accurate" as picked at upload; null is the default (accurate). */
  decodeProfile: "accurate" | "fast" | null;
  access?: TaskAccess;
};

export interface TaskPage {
  items: TaskSummary[];
  total: number;
  page: number;
  page_size: number;
}

export interface MediaUrl {
  url: string;
  kind: MediaKind;
  expiresAt: string;
}

// GET /api/usage answers the server's own shape (a type only: nothing of the server module reaches the bundle).
export type { Usage };

export interface DeletedTask {
  id: string;
  title: string;
  source: string;
  duration: number | null;
  createTime: string;
  deletedAt: string;
  purgeAt: string;
}

export const DEFAULT_PAGE_SIZE = 10;

const enc = encodeURIComponent;

export const tasksApi = {
  list: (page = 1, pageSize = DEFAULT_PAGE_SIZE, folderId?: string) =>
    api.get<TaskPage>("/api/transcription/tasks", {
      page: String(page),
      page_size: String(pageSize),
      ...(folderId ? { folder_id: folderId } : {}),
    }),
  get: (id: string) => api.get<Task>(`/api/transcription/tasks/${enc(id)}`),
  mediaUrl: (id: string) => api.get<MediaUrl>(`/api/transcription/tasks/${enc(id)}/media-url`),
  start: (id: string) => api.post<TaskSummary>(`/api/transcription/start-transcription/${enc(id)}`),
  editTitle: (id: string, title: string) => api.put<TaskSummary>(`/api/transcription/${enc(id)}/edit-title`, { title }),
  editEntries: (id: string, entries: { index: number; text: string }[]) =>
    api.put<Task>(`/api/transcription/${enc(id)}/edit`, { entries }),
  editSpeakerNames: (id: string, speakers: Speaker[]) =>
    api.put<Task>(`/api/transcription/${enc(id)}/edit-speaker-names`, { speakers }),
  /** One line given to another speaker of the task, or to a new one. */
  setEntrySpeaker: (id: string, index: number, speakerId: string | "new") =>
    api.put<Task>(`/api/transcription/${enc(id)}/entry-speaker`, { index, speakerId }),
  /** `speakerId`'s lines become `intoSpeakerId`'s, and `speakerId` goes. */
  mergeSpeakers: (id: string, speakerId: string, intoSpeakerId: string) =>
    api.post<Task>(`/api/transcription/${enc(id)}/merge-speakers`, { speakerId, intoSpeakerId }),
  deleteBatch: (ids: string[]) => api.post<{ deleted: number }>("/api/transcription/tasks/delete-batch", { ids }),
  /** Recently deleted: restorable for `retentionDays`, then purged. */
  listDeleted: () => api.get<{ retentionDays: number; tasks: DeletedTask[] }>("/api/transcription/tasks/deleted"),
  restore: (ids: string[]) => api.post<{ restored: number }>("/api/transcription/tasks/restore", { ids }),
  deleteForever: (ids: string[]) => api.post<{ deleted: number }>("/api/transcription/tasks/delete-forever", { ids }),
  /** Detects the speakers again from the stored audio; null lets the diarizer count them. */
  redetectSpeakers: (id: string, speakerCount: number | null) =>
    api.post<Task>(`/api/transcription/${enc(id)}/redetect-speakers`, { speakerCount }),
  /** Each file becomes its own task. */
  create: (files: File[], opts: UploadOptions = {}) => api.upload<{ tasks: TaskSummary[] }>("/api/transcription/create", uploadForm(files, opts), opts),
  /** All files, in this order, become one task. */
  merge: (files: File[], title: string | undefined, opts: UploadOptions = {}) =>
    api.upload<{ task: TaskSummary }>("/api/transcription/merge-transcribe", uploadForm(files, opts, title?.trim() ? { title: title.trim() } : {}), opts),
};

interface UploadOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** How many people speak; null or absent lets the diarizer decide. */
  speakerCount?: number | null;
  /** The embedded engine's decoding profile; the default ("accurate") is not sent. */
  decodeProfile?: "accurate" | "fast";
  /** The spoken language (ISO 639-1, or "auto"); absent means the interface language. */
  spokenLanguage?: string;
}

function uploadForm(files: File[], opts: UploadOptions, fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  // Fields before files: the server reads the form as a stream.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (opts.speakerCount) form.append("speaker_count", String(opts.speakerCount));
  if (opts.decodeProfile && opts.decodeProfile !== "accurate") form.append("decode_profile", opts.decodeProfile);
  if (opts.spokenLanguage) form.append("spoken_language", opts.spokenLanguage);
  for (const f of files) form.append("file", f, f.name);
  return form;
}

export const usageApi = {
  get: () => api.get<Usage>("/api/usage"),
};

/** Which spoken languages the server's speech engine takes (GET /api/transcription/speech-config). */
export const speechApi = {
  config: () => api.get<SpeechLanguageSupport>("/api/transcription/speech-config"),
};
