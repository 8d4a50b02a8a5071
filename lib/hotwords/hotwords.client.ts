// Typed client calls for the hotword manager (docs/api.md).
import { api } from "@/lib/client/api";

export interface Hotword {
  id: string;
  text: string;
  language: "zh" | "en";
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface HotwordSummary {
  total: number;
  active: number;
  remaining: number;
  limit: number;
}

export interface HotwordBatchResult {
  created: number;
  failed: number;
  items: Hotword[];
  failures: { text: string; error: string; message: string }[];
  summary: HotwordSummary;
}

const enc = encodeURIComponent;

export const hotwordsApi = {
  list: () => api.get<{ items: Hotword[]; summary: HotwordSummary }>("/api/hotwords"),
  summary: () => api.get<HotwordSummary>("/api/hotwords/summary"),
  create: (text: string) => api.post<{ hotword: Hotword; summary: HotwordSummary }>("/api/hotwords", { text }),
  createBatch: (texts: string) => api.post<HotwordBatchResult>("/api/hotwords/batch", { texts }),
  update: (id: string, change: { enabled?: boolean; text?: string }) => api.put<{ hotword: Hotword; summary: HotwordSummary }>(`/api/hotwords/${enc(id)}`, change),
  remove: (id: string) => api.del<{ summary: HotwordSummary }>(`/api/hotwords/${enc(id)}`),
};
