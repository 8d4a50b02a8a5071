"use client";
// The transcript tool's calls (app/api/tools/transcript). Signed out, the visitor cookie
// (httpOnly, set by the server) says whose history it is; signed in, the bearer token.
import { api } from "@/lib/client/api";
import type { TimedSegment } from "@/lib/tools/transcript/captions";

export interface ToolTranscriptView {
  id: string;
  url: string;
  title: string | null;
  status: "queued" | "processing" | "completed" | "failed";
  source: "captions" | "speech" | null;
  durationSec: number | null;
  errorCode: string | null;
  taskId: string | null;
  createdAt: string;
  completedAt: string | null;
  progress: { stage: string; percent: number } | null;
  segments?: TimedSegment[];
}

export interface ToolQuota {
  signedIn: boolean;
  unlimited: boolean;
  used: number;
  limit: number | null;
  remaining: number | null;
}

const BASE = "/api/tools/transcript";

export const toolTranscripts = {
  start: (url: string) => api.post<{ transcript: ToolTranscriptView }>(BASE, { url }, { authRedirect: false }),
  get: (id: string) => api.get<{ transcript: ToolTranscriptView }>(`${BASE}/${encodeURIComponent(id)}`, undefined, { authRedirect: false }),
  history: () => api.get<{ items: ToolTranscriptView[] }>(BASE, undefined, { authRedirect: false }),
  quota: () => api.get<ToolQuota>(`${BASE}/quota`, undefined, { authRedirect: false }),
  openInApp: (id: string) => api.post<{ taskId: string }>(`${BASE}/${encodeURIComponent(id)}/open`, {}),
};

export function isFinished(t: Pick<ToolTranscriptView, "status">): boolean {
  return t.status === "completed" || t.status === "failed";
}
