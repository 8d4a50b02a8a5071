// Typed client calls for the other ways in: documents, pasted text, video links and meetings (docs/api.md).
import { api } from "@/lib/client/api";
import type { TaskSummary, Usage } from "@/lib/tasks/task.client";

export interface DocumentEstimate {
  /** `seconds` as billed; `minutes` = seconds / 60, shown by lib/format/minutes. */
  items: { name: string; chars: number; seconds: number; minutes: number }[];
  totalSeconds: number;
  totalMinutes: number;
  usage: Usage;
  /** Whether used plus these minutes stays within the plan. */
  fits: boolean;
}

function filesForm(files: File[]): FormData {
  const form = new FormData();
  for (const f of files) form.append("file", f, f.name);
  return form;
}

export const importsApi = {
  /** Reads the documents and says how many minutes they would use, without creating anything. */
  estimateDocuments: (files: File[], opts: { signal?: AbortSignal } = {}) => api.upload<DocumentEstimate>("/api/transcription/document-estimate", filesForm(files), opts),
  /** Each document becomes its own task. */
  createDocuments: (files: File[], opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}) =>
    api.upload<{ tasks: TaskSummary[] }>("/api/transcription/create-document", filesForm(files), opts),
  pasteText: (text: string, title?: string) => api.post<{ task: TaskSummary }>("/api/transcription/paste-text", { text, ...(title?.trim() ? { title: title.trim() } : {}) }),
  /** `spokenLanguage`: ISO 639-1 or "auto"; absent means the interface language. */
  importLink: (url: string, spokenLanguage?: string) => api.post<{ task: TaskSummary }>("/api/transcription/import-link", { url, ...(spokenLanguage ? { spoken_language: spokenLanguage } : {}) }),
  meetingConfig: () => api.get<{ enabled: boolean }>("/api/meetings/config"),
  joinMeeting: (meetingUrl: string, spokenLanguage?: string) =>
    api.post<{ task: TaskSummary }>("/api/meetings/join", { meeting_url: meetingUrl, ...(spokenLanguage ? { spoken_language: spokenLanguage } : {}) }),
};
