import "server-only";
import { FRAME_STEP } from "./features";
import type { SpeechRegion } from "./silero-vad";

// Frame geometry of diarize.ts: speech as runs of 10 ms frames, the windows cut
// from them, and window labels spread back onto frames.

/** A run of frames [start, end). */
export type FrameRange = { start: number; end: number };

/** Frames in both lists of sorted, disjoint ranges. */
export function intersect(a: FrameRange[], b: FrameRange[]): FrameRange[] {
  const out: FrameRange[] = [];
  let j = 0;
  for (const r of a) {
    while (j < b.length && b[j].end <= r.start) j++;
    for (let k = j; k < b.length && b[k].start < r.end; k++) {
      const start = Math.max(r.start, b[k].start);
      const end = Math.min(r.end, b[k].end);
      if (end > start) out.push({ start, end });
    }
  }
  return out;
}

export function toFrameRanges(regions: SpeechRegion[], frames: number): FrameRange[] {
  return regions
    .map((r) => ({ start: Math.max(0, Math.round(r.start / FRAME_STEP)), end: Math.min(frames, Math.round(r.end / FRAME_STEP)) }))
    .filter((r) => r.end > r.start);
}

export function mergeRegions(regions: FrameRange[]): FrameRange[] {
  const out: FrameRange[] = [];
  for (const r of [...regions].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}

/** Fixed-length windows inside each speech region; a region shorter than a window is one window. */
export function makeWindows(speech: FrameRange[], length: number, hop: number): FrameRange[] {
  const out: FrameRange[] = [];
  for (const r of speech) {
    const len = r.end - r.start;
    if (len <= length) {
      out.push({ ...r });
      continue;
    }
    const count = Math.ceil((len - length) / hop) + 1;
    // Spread the windows evenly so the last one ends at the region end.
    const step = (len - length) / (count - 1);
    for (let i = 0; i < count; i++) {
      const start = r.start + Math.round(i * step);
      out.push({ start, end: start + length });
    }
  }
  return out;
}

/** Each speech frame takes the label of the covering window whose centre is nearest; -1 marks non-speech. */
export function labelFrames(frames: number, speech: FrameRange[], windows: FrameRange[], labels: Int32Array): Int32Array {
  const out = new Int32Array(frames).fill(-1);
  const dist = new Float64Array(frames).fill(Infinity);
  windows.forEach((w, i) => {
    const centre = (w.start + w.end) / 2;
    for (let f = w.start; f < w.end; f++) {
      const d = Math.abs(f - centre);
      if (d < dist[f]) {
        dist[f] = d;
        out[f] = labels[i];
      }
    }
  });
  for (const r of speech) for (let f = r.start; f < r.end; f++) if (out[f] < 0) out[f] = 0;
  return out;
}
