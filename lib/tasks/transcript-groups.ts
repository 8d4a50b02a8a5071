// Client-side transcript helpers: grouping by speaker, the entry playing now, and the
// text for the clipboard. File exports are built by the server (lib/exports, docs/exports.md).
import type { Speaker, TimelineEntry } from "@/lib/tasks/task.client";

import { formatClock } from "@/lib/format/time";

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

/** How far back a still-running entry is looked for when the last one begun has ended (overlapping speakers). */
const OVERLAP_LOOKBACK = 8;

/**
 * Index (position in the array) of the entry playing at `ms`, or -1: the last one begun that is still running
 * (two speakers can overlap: a provider's "yes" inside someone's long line, which goes on after it), else, between
 * entries, the last one begun.
 */
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
  if (found < 0 || timeline[found]!.end > ms) return found;
  for (let i = found - 1; i >= Math.max(0, found - OVERLAP_LOOKBACK); i--) if (timeline[i]!.end > ms) return i;
  return found;
}

/**
 * Playing one speaker's lines only ("only their lines"): where playback at `ms` goes next. Inside one of their lines
 * (overlapping others or not) it plays on; before or between them it jumps to the next line they begin; after
 * their last it stops. Lines of no more than 0 ms are passed over: there is nothing to hear.
 */
export function nextInSpeakerLines(timeline: TimelineEntry[], speakerId: string, ms: number): { action: "play" } | { action: "seek"; ms: number } | { action: "stop" } {
  let next: number | null = null;
  for (const e of timeline) {
    if (e.speakerId !== speakerId || e.end <= e.begin) continue;
    if (e.begin <= ms && ms < e.end) return { action: "play" };
    if (e.begin > ms && (next === null || e.begin < next)) next = e.begin;
  }
  return next === null ? { action: "stop" } : { action: "seek", ms: next };
}

function nameOf(speakers: Speaker[], id: string | null, fallback: string): string {
  return speakers.find((s) => s.id === id)?.name || fallback;
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

/** Stable colour per speaker position (hue wheel, good contrast on white). */
const PALETTE = ["#2563eb", "#d97706", "#059669", "#db2777", "#7c3aed", "#0891b2", "#dc2626", "#65a30d", "#9333ea", "#ea580c"];
export function speakerColour(position: number): string {
  return PALETTE[((position % PALETTE.length) + PALETTE.length) % PALETTE.length]!;
}
