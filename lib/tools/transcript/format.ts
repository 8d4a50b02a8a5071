// A tool transcript as text: the page's list, copy and the TXT/SRT downloads. Browser-safe.
import type { TimedSegment } from "./captions";

/** "m:ss", or "h:mm:ss" past an hour. */
export function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** One line per segment: "[m:ss] text". */
export function transcriptText(segments: readonly TimedSegment[]): string {
  return segments.map((s) => `[${clock(s.begin)}] ${s.text}`).join("\n");
}

function srtStamp(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor((t % 3_600_000) / 60_000))}:${pad(Math.floor((t % 60_000) / 1000))},${pad(t % 1000, 3)}`;
}

export function transcriptSrt(segments: readonly TimedSegment[]): string {
  return segments.map((s, i) => `${i + 1}\n${srtStamp(s.begin)} --> ${srtStamp(Math.max(s.end, s.begin))}\n${s.text}\n`).join("\n");
}

/** A file name from a title: letters, digits, spaces and dashes, at most 80 characters. */
export function downloadName(title: string | null, ext: string): string {
  const base = (title ?? "").normalize("NFC").replace(/[^\p{L}\p{N} _-]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 80);
  return `${base || "transcript"}.${ext}`;
}
