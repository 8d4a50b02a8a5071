import "server-only";
import { FRAME_STEP } from "./features";

export type Region = { start: number; end: number };

/**
 * Energy VAD: a frame is speech when its smoothed log energy sits above a
 * threshold placed between the file's noise floor and its speech level (low
 * and high percentiles), so it adapts to recording gain. Then gaps shorter
 * than `minGap` are bridged and blips shorter than `minSpeech` dropped.
 * Returns speech as frame index ranges [start, end).
 */
export function detectSpeech(
  logEnergy: Float32Array,
  opts: { ratio?: number; minGap?: number; minSpeech?: number } = {},
): { start: number; end: number }[] {
  const ratio = opts.ratio ?? 0.3;
  const minGap = Math.round((opts.minGap ?? 0.3) / FRAME_STEP);
  const minSpeech = Math.round((opts.minSpeech ?? 0.25) / FRAME_STEP);
  const n = logEnergy.length;
  if (n === 0) return [];
  const smooth = movingAverage(logEnergy, 5);
  // Digital silence (zero padding) would drag the floor to -23 and make every
  // hiss count as speech; leave it out of the statistics.
  const live = Array.from(smooth).filter((e) => e > -18).sort((a, b) => a - b);
  if (live.length === 0) return [];
  const floor = live[Math.floor(live.length * 0.05)];
  const level = live[Math.floor(live.length * 0.95)];
  // A file with little dynamic range is either all speech or all noise; treat
  // it as speech unless it is quiet in absolute terms.
  if (level - floor < 1.5) return level > -12 ? [{ start: 0, end: n }] : [];
  const threshold = floor + ratio * (level - floor);

  const raw: { start: number; end: number }[] = [];
  let start = -1;
  for (let i = 0; i <= n; i++) {
    const on = i < n && smooth[i] > threshold;
    if (on && start < 0) start = i;
    else if (!on && start >= 0) {
      raw.push({ start, end: i });
      start = -1;
    }
  }
  const bridged: { start: number; end: number }[] = [];
  for (const r of raw) {
    const last = bridged[bridged.length - 1];
    if (last && r.start - last.end < minGap) last.end = r.end;
    else bridged.push({ ...r });
  }
  return bridged.filter((r) => r.end - r.start >= minSpeech);
}

function movingAverage(x: Float32Array, width: number): Float32Array {
  const out = new Float32Array(x.length);
  const h = Math.floor(width / 2);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < Math.min(h, x.length); i++) {
    sum += x[i];
    count++;
  }
  for (let i = 0; i < x.length; i++) {
    const add = i + h;
    if (add < x.length) {
      sum += x[add];
      count++;
    }
    const drop = i - h - 1;
    if (drop >= 0) {
      sum -= x[drop];
      count--;
    }
    out[i] = sum / count;
  }
  return out;
}
