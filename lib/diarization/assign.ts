import type { SpeakerTurn } from "./diarize";

/** A piece of transcript with times in milliseconds, as the speech engines give it. */
export interface TimedText {
  begin: number;
  end: number;
  text: string;
  words?: { begin: number; end: number; text: string }[];
}

/** A timeline entry with the speaker number of the diarization turn it belongs to. */
export interface SpeakerEntry {
  begin: number;
  end: number;
  text: string;
  speaker: number;
}

/**
 * Gives every transcript segment a speaker. Segments with word times are split
 * where the speaker changes (at word boundaries), so one engine segment that
 * spans two voices becomes two timeline entries; without word times the
 * speaker with the most overlap wins. Turns are in seconds, segments in ms.
 */
export function assignSpeakers(segments: TimedText[], turns: SpeakerTurn[]): SpeakerEntry[] {
  const sorted = [...turns].sort((a, b) => a.start - b.start);
  const speakerAt = (beginMs: number, endMs: number) => dominantSpeaker(sorted, beginMs / 1000, endMs / 1000);
  const entries: (SpeakerEntry & { segment: number })[] = [];
  let previous = 0;
  for (const [index, segment] of segments.entries()) {
    const words = segment.words?.filter((w) => w.text.trim()) ?? [];
    if (words.length < 2) {
      previous = speakerAt(segment.begin, segment.end) ?? previous;
      entries.push({ begin: segment.begin, end: segment.end, text: segment.text, speaker: previous, segment: index });
      continue;
    }
    let run: { speaker: number; words: typeof words } | null = null;
    const flush = () => {
      if (!run) return;
      entries.push({ begin: run.words[0]!.begin, end: run.words.at(-1)!.end, text: run.words.map((w) => w.text).join(" "), speaker: run.speaker, segment: index });
    };
    for (const word of words) {
      const speaker: number = speakerAt(word.begin, word.end) ?? run?.speaker ?? previous;
      if (!run || run.speaker !== speaker) {
        flush();
        run = { speaker, words: [] };
      }
      run.words.push(word);
      previous = speaker;
    }
    // A segment that never changes speaker keeps the engine's own text (casing, punctuation).
    if (run && run.words.length === words.length) entries.push({ begin: segment.begin, end: segment.end, text: segment.text, speaker: run.speaker, segment: index });
    else flush();
  }
  return mergeShortFlips(entries);
}

/** The speaker covering most of [start, end] seconds, or the nearest turn's speaker within 1 s. */
function dominantSpeaker(turns: SpeakerTurn[], start: number, end: number): number | null {
  const overlap = new Map<number, number>();
  let nearest: { distance: number; speaker: number } | null = null;
  for (const t of turns) {
    if (t.start > end + 1) break;
    const o = Math.min(end, t.end) - Math.max(start, t.start);
    if (o > 0) overlap.set(t.speaker, (overlap.get(t.speaker) ?? 0) + o);
    const distance = o > 0 ? 0 : Math.min(Math.abs(t.start - end), Math.abs(start - t.end));
    if (!nearest || distance < nearest.distance) nearest = { distance, speaker: t.speaker };
  }
  let best: number | null = null;
  let bestOverlap = 0;
  for (const [speaker, o] of overlap) {
    if (o > bestOverlap) {
      best = speaker;
      bestOverlap = o;
    }
  }
  if (best !== null) return best;
  return nearest && nearest.distance <= 1 ? nearest.speaker : null;
}

/**
 * A one- or two-word entry between two entries of the same other speaker is
 * almost always a boundary error of the diarization: give it their speaker,
 * and rejoin it to its neighbour when both came out of one engine segment.
 */
function mergeShortFlips(entries: (SpeakerEntry & { segment: number })[]): SpeakerEntry[] {
  const out: (SpeakerEntry & { segment: number })[] = [];
  for (let i = 0; i < entries.length; i++) {
    const e = { ...entries[i]! };
    const before = out.at(-1);
    const after = entries[i + 1];
    const short = e.text.split(/\s+/).length <= 2 && e.end - e.begin < 800;
    if (before && after && short && before.speaker === after.speaker && e.speaker !== before.speaker) e.speaker = before.speaker;
    if (before && before.speaker === e.speaker && before.segment === e.segment) {
      before.end = e.end;
      before.text = `${before.text} ${e.text}`;
      continue;
    }
    out.push(e);
  }
  return out.map(({ segment: _segment, ...entry }) => entry);
}
