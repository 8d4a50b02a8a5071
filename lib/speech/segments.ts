import type { SpeechSegment, SpeechWord } from "./types";

/**
 * Groups timed words into timeline segments: a new segment starts at a pause
 * of `pauseMs` or more, or at a shorter pause once the segment is long, so a
 * monologue without breaths still gets readable lines.
 */
export function wordsToSegments(words: SpeechWord[], opts: { pauseMs?: number; softMaxMs?: number; hardMaxMs?: number } = {}): SpeechSegment[] {
  const pauseMs = opts.pauseMs ?? 600;
  const softMaxMs = opts.softMaxMs ?? 12_000;
  const hardMaxMs = opts.hardMaxMs ?? 25_000;
  const segments: SpeechSegment[] = [];
  let current: SpeechWord[] = [];
  const flush = () => {
    if (current.length === 0) return;
    segments.push({ begin: current[0]!.begin, end: current.at(-1)!.end, text: sentenceCase(current.map((w) => w.text).join(" ")), words: current });
    current = [];
  };
  for (const w of words) {
    const prev = current.at(-1);
    if (prev) {
      const gap = w.begin - prev.end;
      const length = w.end - current[0]!.begin;
      if (gap >= pauseMs || (length > softMaxMs && gap >= 150) || length > hardMaxMs) flush();
    }
    current.push(w);
  }
  flush();
  return segments;
}

/** Lower-case recogniser output made presentable: capital first letter and "I". */
function sentenceCase(text: string): string {
  const fixed = text.replace(/\bi\b(?=$|\s|')/g, "I");
  return fixed.charAt(0).toUpperCase() + fixed.slice(1);
}
