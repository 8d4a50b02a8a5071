import type { EditCollaborativeBody } from "@/lib/collab/coedit.schema";
import { api } from "@/lib/client/api";

// Co-editing from the browser: the websocket on the app's own origin and the Exit write-back.

/** ws(s)://<this origin>/collab (COLLAB_PATH in lib/collab/hocuspocus.ts; the page CSP allows it). */
export function collabSocketUrl(): string {
  return `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/collab`;
}

export const coeditApi = {
  /** Exit: the merged transcript paragraphs and/or summary markdown, written back to the task. */
  saveMerged: (taskId: string, body: EditCollaborativeBody) =>
    api.put<{ taskId: string; entries: number | null; summarySaved: boolean }>(`/api/transcription/${encodeURIComponent(taskId)}/edit-collaborative`, body),
};

const CARET_COLOURS = ["#d9480f", "#1971c2", "#2f9e44", "#9c36b5", "#e8590c", "#0c8599", "#c2255c", "#5f3dc4"];

/** A stable caret colour per user. */
export function caretColour(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return CARET_COLOURS[h % CARET_COLOURS.length]!;
}
