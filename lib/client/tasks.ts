// Typed client calls for the transcription routes (docs/api.md) and the types
// the browser sees. Client-side mirrors only: the server's own shapes live in
// lib/tasks/task.view.ts.
import { api } from "@/lib/client/api";
import type { MindMapNode } from "@/lib/analysis/types";
import type { Usage } from "@/lib/billing/usage";
import type { SpeechLanguageSupport } from "@/lib/speech/languages";

export type TaskStatus =
  | "not_started"
  | "queued"
  | "merging"
  | "transcribing"
  | "completed"
  | "failed"
  | "analyzing"
  | "analysis_completed"
  | "analysis_failed"
  | "translating"
  | "translation_completed"
  | "translation_failed"
  | "regenerating";

export type TaskSource = "upload" | "merge" | "document" | "text" | "link" | "meeting" | "live";
export type MediaKind = "audio" | "video";

export interface TaskErrorDetails {
  errorCode: string;
  message: string | null;
  description: string | null;
  retryCount: number;
  requestId: string | null;
  /** Keys under tasks.suggestions.* (bare, e.g. "checkNetwork"). */
  suggestions: string[];
}

export interface TaskProgress {
  stage: string;
  percent: number;
  /** Analysis only: which of the eleven steps (0-based) is running, of how many. */
  step?: number | null;
  steps?: number | null;
}

export interface TaskSummary {
  id: string;
  title: string;
  status: TaskStatus;
  source: TaskSource;
  createTime: string;
  transcriptionTime: string | null;
  updateTime: string;
  /** Seconds. */
  duration: number | null;
  /** Bytes. */
  fileSize: number;
  folder: { id: string; name: string } | null;
  /** The folder's id; null in the uncategorized bucket. */
  folderId: string | null;
  mediaKind: MediaKind | null;
  estimatedMinutes: number | null;
  progress: TaskProgress | null;
  errorDetails: TaskErrorDetails | null;
  /** The video or meeting link a task came from. */
  sourceUrl: string | null;
  /** Meeting tasks: where the recording bot is. */
  meetingStatus: MeetingStatus | null;
  /** The caller's role: on task detail always, on "Shared with me" items (collaborator, with the owner's name). */
  access?: TaskAccess;
}

export interface TaskAccess {
  role: "owner" | "collaborator";
  /** The owner's name, shown to a collaborator; null for the owner. */
  ownerName: string | null;
}

export type MeetingStatus = "joining" | "in_meeting" | "ended" | "unknown";

export interface Speaker {
  id: string;
  name: string;
}

export interface TimelineEntry {
  index: number;
  /** Milliseconds. */
  begin: number;
  /** Milliseconds. */
  end: number;
  text: string;
  speakerId: string | null;
}

export interface Task extends TaskSummary {
  speakers: Speaker[];
  timeline: TimelineEntry[];
  fullText: string;
  summary: string | null;
  /** "local" or "openai:<model>". */
  summaryEngine: string | null;
  summaryLanguage: string | null;
  mindMap: MindMapNode | null;
  /** The saved summary changed after the map was drawn. */
  mindMapOutdated: boolean;
  speechEngine: string | null;
  /** The number of speakers the owner gave; null when they were detected automatically. */
  speakerCount: number | null;
  /** "fast" / "accurate" as picked at upload; null is the default (accurate). */
  decodeProfile: "accurate" | "fast" | null;
  /** The spoken language given at upload (ISO 639-1, or "auto"); null when it was not asked (documents, older tasks). */
  spokenLanguage: string | null;
  translations: { targetLanguage: string; status: TaskStatus }[];
  /** Moments marked while recording live, in seconds of the recording. */
  highlights: { id: string; atSec: number }[];
}

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

/** States in which the transcription is still moving. */
export const IN_PROGRESS_STATUSES: readonly TaskStatus[] = ["queued", "merging", "transcribing"];
/** States that have a usable transcript. */
export const TRANSCRIBED_STATUSES: readonly TaskStatus[] = [
  "completed",
  "analyzing",
  "analysis_completed",
  "analysis_failed",
  "translating",
  "translation_completed",
  "translation_failed",
  "regenerating",
];

/** States that will change without the user doing anything: the list polls while any task is in one. */
export const NON_FINAL_STATUSES: readonly TaskStatus[] = ["queued", "merging", "transcribing", "analyzing", "translating", "regenerating"];

export const isInProgress = (s: TaskStatus) => IN_PROGRESS_STATUSES.includes(s);
export const isNonFinal = (s: TaskStatus) => NON_FINAL_STATUSES.includes(s);
export const hasTranscript = (s: TaskStatus) => TRANSCRIBED_STATUSES.includes(s);

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
