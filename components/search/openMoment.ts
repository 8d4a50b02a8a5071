// Opens a task at a moment of its recording, as a search hit does: the task already open seeks
// (SEEK_EVENT); otherwise the page the caller is on opens it (?task=<id>&t=<ms>, useSeekFromAddress).
import { SEEK_EVENT, taskMomentUrl } from "@/lib/search/search.client";

export function openTaskAt(taskId: string, ms: number | undefined) {
  const open = new URLSearchParams(window.location.search).get("task");
  if (open === taskId && window.location.pathname.startsWith("/transcribe")) {
    if (ms !== undefined) window.dispatchEvent(new CustomEvent(SEEK_EVENT, { detail: { taskId, ms } }));
    return;
  }
  window.location.assign(taskMomentUrl(taskId, ms, window.location.pathname));
}
