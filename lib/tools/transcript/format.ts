// A tool transcript as text: the page's list, copy and the TXT/SRT downloads. Browser-safe.
import { formatClock, formatSrtTime } from "@/lib/format/time";
import type { TimedSegment } from "./captions";

/** One line per segment: "[mm:ss] text". */
export function transcriptText(segments: readonly TimedSegment[]): string {
  return segments.map((s) => `[${formatClock(s.begin)}] ${s.text}`).join("\n");
}

export function transcriptSrt(segments: readonly TimedSegment[]): string {
  return segments.map((s, i) => `${i + 1}\n${formatSrtTime(s.begin)} --> ${formatSrtTime(Math.max(s.end, s.begin))}\n${s.text}\n`).join("\n");
}

/** A file name from a title: letters, digits, spaces and dashes, at most 80 characters. */
export function downloadName(title: string | null, ext: string): string {
  const base = (title ?? "").normalize("NFC").replace(/[^\p{L}\p{N} _-]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 80);
  return `${base || "transcript"}.${ext}`;
}
