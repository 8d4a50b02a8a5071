// Typed client call for the search box (docs/api.md "Search").
import { api } from "@/lib/client/api";
import type { SearchPage } from "@/lib/search/search.schema";

export type { SearchHit, SearchPage, Snippet } from "@/lib/search/search.schema";

export const searchApi = {
  search: (q: string, page = 1, folderId?: string, signal?: AbortSignal) => api.get<SearchPage>("/api/search", { q, page, folderId }, { signal }),
};

/** The address parameter that opens a task at a moment of its recording: /transcribe/?task=<id>&t=<ms>. */
export const SEEK_PARAM = "t";
/** Fired on window when a hit asks the task already open to seek: detail {taskId, ms}. */
export const SEEK_EVENT = "tingji:seek";

export function taskMomentUrl(taskId: string, ms?: number, page = "/transcribe/"): string {
  const params = new URLSearchParams({ task: taskId });
  if (ms !== undefined) params.set(SEEK_PARAM, String(Math.max(0, Math.round(ms))));
  return `${page}?${params.toString()}`;
}

/**
 * Opens a task at a moment of its recording, as a search hit does: the task already open seeks (SEEK_EVENT);
 * otherwise the page the caller is on opens it (?task=<id>&t=<ms>, useSeekFromAddress). Search hits and the
 * library's citations both use it.
 */
export function openTaskAt(taskId: string, ms: number | undefined): void {
  const open = new URLSearchParams(window.location.search).get("task");
  if (open === taskId && window.location.pathname.startsWith("/transcribe")) {
    if (ms !== undefined) window.dispatchEvent(new CustomEvent(SEEK_EVENT, { detail: { taskId, ms } }));
    return;
  }
  window.location.assign(taskMomentUrl(taskId, ms, window.location.pathname));
}
