// Browser calls of "Ask your library" (docs/library-ask.md).
import { api } from "@/lib/client/api";
import type { StreamEvent } from "@/lib/server/stream-events";
import type { LibraryHistoryItem, libraryScopes } from "./library-ask.schema";

export type { LibraryCitation, LibraryHistoryItem } from "./library-ask.schema";
export type ScopeKind = (typeof libraryScopes)[number];

const scopeQuery = (scope: ScopeKind, folderId?: string) => new URLSearchParams({ scope, ...(scope === "folder" && folderId ? { folder_id: folderId } : {}) }).toString();

export const libraryAskApi = {
  ask: (question: string, scope: ScopeKind, folderId: string | undefined, cb: { signal?: AbortSignal; onText?: (full: string) => void; onEvent?: (e: StreamEvent) => void }) =>
    api.stream("/api/library/ask", { question, scope, ...(scope === "folder" ? { folder_id: folderId } : {}) }, { signal: cb.signal, timeoutMs: 60_000, onChunk: (_c: string, full: string) => cb.onText?.(full), onEvent: cb.onEvent }),
  history: (scope: ScopeKind, folderId?: string) => api.get<{ items: LibraryHistoryItem[] }>(`/api/library/history?${scopeQuery(scope, folderId)}`),
  remove: (id: string) => api.del<{ deleted: number }>(`/api/library/history/${encodeURIComponent(id)}`),
  clear: (scope: ScopeKind, folderId?: string) => api.del<{ deleted: number }>(`/api/library/history?${scopeQuery(scope, folderId)}`),
};
