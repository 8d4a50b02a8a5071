// Client-side transcript helpers: time formats, grouping by speaker, and the
// TXT / SRT exports built from the timeline (no server round trip).
import type { Speaker, TimelineEntry } from "@/lib/client/tasks";

/** mm:ss under an hour, h:mm:ss from an hour (milliseconds in). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${String(m).padStart(2, "0")}:${ss}`;
}

/** SRT time: hh:mm:ss,mmm. */
export function formatSrtTime(ms: number): string {
  const v = Math.max(0, Math.round(ms));
  const h = Math.floor(v / 3_600_000);
  const m = Math.floor((v % 3_600_000) / 60_000);
  const s = Math.floor((v % 60_000) / 1000);
  const milli = v % 1000;
  return `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")},${String(milli).padStart(3, "0")}`;
}

export interface SpeakerGroup {
  speakerId: string | null;
  entries: TimelineEntry[];
  begin: number;
  end: number;
}

/** Consecutive entries of one speaker form one group. */
export function groupBySpeaker(timeline: TimelineEntry[]): SpeakerGroup[] {
  const groups: SpeakerGroup[] = [];
  for (const e of timeline) {
    const last = groups[groups.length - 1];
    if (last && last.speakerId === e.speakerId) {
      last.entries.push(e);
      last.end = e.end;
    } else {
      groups.push({ speakerId: e.speakerId, entries: [e], begin: e.begin, end: e.end });
    }
  }
  return groups;
}

/** Index (position in the array) of the entry playing at `ms`, or -1. Between entries, the last one begun. */
export function activeEntryAt(timeline: TimelineEntry[], ms: number): number {
  let lo = 0;
  let hi = timeline.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timeline[mid]!.begin <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

function nameOf(speakers: Speaker[], id: string | null, fallback: string): string {
  return speakers.find((s) => s.id === id)?.name || fallback;
}

/** A line's "Name: " when the transcript has speakers at all (a document's text has none). */
function speakerPrefix(timeline: TimelineEntry[], speakers: Speaker[], unknownSpeaker: string): (id: string | null) => string {
  const withSpeakers = timeline.some((e) => e.speakerId !== null);
  return (id) => (withSpeakers ? `${nameOf(speakers, id, unknownSpeaker)}: ` : "");
}

/**
 * Plain text: the title, then one "[mm:ss] Name: text" line per speaker turn, a blank line between
 * turns. A text without a clock (every entry at 0: documents) has no times; one without speakers, no names.
 */
export function buildTxt(title: string, timeline: TimelineEntry[], speakers: Speaker[], unknownSpeaker: string): string {
  const prefix = speakerPrefix(timeline, speakers, unknownSpeaker);
  const timed = timeline.some((e) => e.begin > 0 || e.end > 0);
  const turns = groupBySpeaker(timeline).map((g) => `${timed ? `[${formatClock(g.begin)}] ` : ""}${prefix(g.speakerId)}${g.entries.map((e) => e.text.trim()).join(" ")}`);
  return [title, "", turns.join("\n\n"), ""].join("\n");
}

/** SubRip: one cue per entry, "Name: text" whenever the transcript has speakers (one speaker too). */
export function buildSrt(timeline: TimelineEntry[], speakers: Speaker[], unknownSpeaker: string): string {
  const prefix = speakerPrefix(timeline, speakers, unknownSpeaker);
  return timeline
    .map((e, i) => {
      const end = e.end > e.begin ? e.end : e.begin + 1000;
      return `${i + 1}\n${formatSrtTime(e.begin)} --> ${formatSrtTime(end)}\n${prefix(e.speakerId)}${e.text.trim()}\n`;
    })
    .join("\n");
}

/** Full text with speaker turns, for the clipboard. */
export function buildPlainText(timeline: TimelineEntry[], speakers: Speaker[], unknownSpeaker: string): string {
  const withSpeakers = timeline.some((e) => e.speakerId !== null);
  const timed = timeline.some((e) => e.begin > 0 || e.end > 0);
  return groupBySpeaker(timeline)
    .map((g) => {
      const text = g.entries.map((e) => e.text.trim()).join(" ");
      if (!withSpeakers) return text;
      return `${nameOf(speakers, g.speakerId, unknownSpeaker)}${timed ? ` (${formatClock(g.begin)})` : ""}: ${text}`;
    })
    .join("\n\n");
}

export function safeFileName(title: string): string {
  const cleaned = title.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ").replace(/\s+/g, " ").trim();
  return (cleaned || "transcript").slice(0, 120);
}

export function downloadText(fileName: string, text: string, mime = "text/plain", bom = true) {
  const blob = new Blob(bom ? ["\ufeff", text] : [text], { type: `${mime};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Stable colour per speaker position (hue wheel, good contrast on white). */
const PALETTE = ["#2563eb", "#d97706", "#059669", "#db2777", "#7c3aed", "#0891b2", "#dc2626", "#65a30d", "#9333ea", "#ea580c"];
export function speakerColour(position: number): string {
  return PALETTE[((position % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}
