import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { forEachPcmBlock, readWavInfo, wavHeader, type WavInfo } from "./wav";

export interface Pause {
  startSec: number;
  endSec: number;
}

export interface AudioChunk {
  path: string;
  startSec: number;
  endSec: number;
}

const FRAME_SEC = 0.02;
const MIN_PAUSE_SEC = 0.3;
/** A frame this quiet is digital silence (zeros, or a dither of a bit or two): always quiet, and left out of the level statistics. */
const DIGITAL_SILENCE_DB = -90;

/**
 * Quiet stretches of at least `minPauseSec`, from our own energy analysis of
 * the PCM (20 ms frames). The threshold adapts to the recording: 30% of the
 * way from its noise floor (10th percentile) to its speech level (95th), so
 * that a noisy room or a quiet speaker still gets pauses.
 */
export async function findPauses(wavPath: string, opts: { minPauseSec?: number } = {}): Promise<Pause[]> {
  const { db } = await frameLevels(wavPath);
  return pausesOf(db, quietThreshold(db), opts.minPauseSec ?? MIN_PAUSE_SEC);
}

/**
 * Cuts a 16-bit PCM WAV into chunks of about `targetChunkSec`, at the middle of
 * the pause nearest to the target within [target/2, maxChunkSec], else at the
 * last earlier pause. When there is no pause at all (music, continuous noise),
 * it cuts at the quietest 200 ms of the window, so no chunk exceeds `maxChunkSec`.
 * Chunks are copied byte-exactly (no re-encoding) to `outDir/chunk-0001.wav`...
 */
export async function splitAtPauses(wavPath: string, opts: { targetChunkSec: number; maxChunkSec: number; outDir: string; joinsSec?: number[] }): Promise<AudioChunk[]> {
  const { targetChunkSec, outDir } = opts;
  const maxChunkSec = Math.max(opts.maxChunkSec, targetChunkSec);
  const { info, db } = await frameLevels(wavPath);
  const pauses = pausesOf(db, quietThreshold(db), MIN_PAUSE_SEC);
  const total = info.durationSec;
  // The joins of a merged recording are always cuts: no chunk holds the end of one file and the start of the next,
  // which the recogniser would hear as one utterance (the second file's first words came out garbled).
  const joins = [...new Set(opts.joinsSec ?? [])].filter((j) => j > 0.05 && j < total - 0.05).sort((a, b) => a - b);

  const cuts: number[] = [];
  for (const [i, end] of [...joins, total].entries()) {
    const from = i === 0 ? 0 : joins[i - 1]!;
    if (i > 0) cuts.push(from);
    cuts.push(...cutsWithin(from, end, { targetChunkSec, maxChunkSec, pauses, db }));
  }

  await fsp.mkdir(outDir, { recursive: true });
  const bounds = [0, ...cuts, total];
  const chunks: AudioChunk[] = [];
  const frameBytes = info.channels * 2;
  for (let i = 0; i + 1 < bounds.length; i++) {
    const startFrame = Math.round(bounds[i]! * info.sampleRate);
    const endFrame = i + 2 === bounds.length ? info.dataBytes / frameBytes : Math.round(bounds[i + 1]! * info.sampleRate);
    const file = path.join(outDir, `chunk-${String(i + 1).padStart(4, "0")}.wav`);
    await copyFrames(wavPath, info, [[startFrame, endFrame]], file);
    chunks.push({ path: file, startSec: startFrame / info.sampleRate, endSec: endFrame / info.sampleRate });
  }
  return chunks;
}

/** Cut points that split [from, end) into chunks of about targetChunkSec, at pauses where it can (see splitAtPauses). */
function cutsWithin(from: number, end: number, o: { targetChunkSec: number; maxChunkSec: number; pauses: Pause[]; db: Float32Array }): number[] {
  const { targetChunkSec, maxChunkSec, pauses, db } = o;
  const cuts: number[] = [];
  let cursor = from;
  while (end - cursor > maxChunkSec) {
    const lo = cursor + targetChunkSec / 2;
    const hi = cursor + maxChunkSec;
    const target = cursor + targetChunkSec;
    let best: number | undefined;
    for (const p of pauses) {
      const mid = (p.startSec + p.endSec) / 2;
      if (mid < lo) continue;
      if (mid > hi) break;
      if (best === undefined || Math.abs(mid - target) < Math.abs(best - target)) best = mid;
    }
    // No pause near the target: an earlier pause still beats cutting a word.
    if (best === undefined) {
      for (const p of pauses) {
        const mid = (p.startSec + p.endSec) / 2;
        if (mid >= lo) break;
        if (mid > cursor + 1) best = mid;
      }
    }
    const cut = best ?? quietestPoint(db, lo, hi);
    cuts.push(cut);
    cursor = cut;
  }
  return cuts;
}

/** Writes the sample frames [start, end) of each range, end to end, as one WAV. */
async function copyFrames(src: string, info: WavInfo, ranges: [start: number, end: number][], dest: string) {
  const frameBytes = info.channels * 2;
  const bytes = ranges.reduce((n, [start, end]) => n + (end - start) * frameBytes, 0);
  const body = async function* () {
    yield wavHeader(bytes, info.sampleRate, info.channels);
    for (const [startFrame, endFrame] of ranges) {
      if (endFrame <= startFrame) continue;
      const start = info.dataOffset + startFrame * frameBytes;
      yield* fs.createReadStream(src, { start, end: start + (endFrame - startFrame) * frameBytes - 1 }) as AsyncIterable<Buffer>;
    }
  };
  await pipeline(body, fs.createWriteStream(dest));
}

/** A stretch of the original kept by cutLongPauses: [startSec, endSec) of the original, found at `atSec` of the copy. */
export interface KeptSpan {
  startSec: number;
  endSec: number;
  atSec: number;
}

/**
 * Copies `wavPath` to `outPath` without its long quiet stretches (at least
 * `minPauseSec`), each kept `marginSec` deep next to the sound around it, and
 * returns where every kept stretch came from, so that a time in the copy maps
 * back to the original (timeInOriginal). Null when there is nothing to cut
 * (use the original as it is); an empty list when it is all quiet.
 */
export async function cutLongPauses(wavPath: string, outPath: string, opts: { minPauseSec: number; marginSec: number }): Promise<KeptSpan[] | null> {
  const { info, db } = await frameLevels(wavPath);
  const frames = info.dataBytes / (info.channels * 2);
  const total = frames / info.sampleRate;
  const removed = pausesOf(db, quietThreshold(db), opts.minPauseSec)
    .map((p) => ({ from: p.startSec <= 0 ? 0 : p.startSec + opts.marginSec, to: p.endSec >= total - FRAME_SEC ? total : p.endSec - opts.marginSec }))
    .filter((r) => r.to > r.from);
  if (removed.length === 0) return null;
  const spans: KeptSpan[] = [];
  let at = 0;
  let cursor = 0;
  for (const r of [...removed, { from: total, to: total }]) {
    const start = Math.round(cursor * info.sampleRate);
    const end = Math.min(frames, Math.round(r.from * info.sampleRate));
    if (end > start) {
      spans.push({ startSec: start / info.sampleRate, endSec: end / info.sampleRate, atSec: at });
      at += (end - start) / info.sampleRate;
    }
    cursor = r.to;
  }
  const rate = info.sampleRate;
  await copyFrames(wavPath, info, spans.map((s) => [Math.round(s.startSec * rate), Math.round(s.endSec * rate)]), outPath);
  return spans;
}

/**
 * A time in cutLongPauses' copy (ms) as a time of the original (ms). A begin
 * on the join of two spans belongs to the later one, an end to the earlier one.
 */
export function timeInOriginal(spans: KeptSpan[], ms: number, edge: "begin" | "end"): number {
  const sec = ms / 1000;
  const lengthOf = (s: KeptSpan) => s.endSec - s.startSec;
  const span =
    edge === "begin"
      ? spans.findLast((s) => s.atSec <= sec + 1e-9)
      : spans.find((s) => s.atSec + lengthOf(s) >= sec - 1e-9);
  const s = span ?? (edge === "begin" ? spans[0] : spans.at(-1));
  if (!s) return ms;
  return Math.round((s.startSec + Math.min(Math.max(sec - s.atSec, 0), lengthOf(s))) * 1000);
}

/** Level of each 20 ms frame in dBFS (digital silence clamped to -100). */
async function frameLevels(wavPath: string): Promise<{ info: WavInfo; db: Float32Array }> {
  const info = await readWavInfo(wavPath);
  const frameLen = Math.max(1, Math.round(info.sampleRate * FRAME_SEC));
  const totalFrames = Math.ceil(info.dataBytes / (2 * info.channels) / frameLen);
  const db = new Float32Array(totalFrames);
  let frame = 0;
  let inFrame = 0;
  let sumSq = 0;
  await forEachPcmBlock(wavPath, info, (mono) => {
    for (let i = 0; i < mono.length; i++) {
      const v = mono[i]! / 32768;
      sumSq += v * v;
      if (++inFrame === frameLen) {
        db[frame++] = toDb(sumSq / frameLen);
        inFrame = 0;
        sumSq = 0;
      }
    }
  });
  if (inFrame > 0 && frame < totalFrames) db[frame++] = toDb(sumSq / inFrame);
  return { info, db: db.subarray(0, frame) };
}

function toDb(meanSquare: number): number {
  return meanSquare > 1e-10 ? 10 * Math.log10(meanSquare) : -100;
}

function quietThreshold(db: Float32Array): number {
  // Digital silence says nothing about the room's noise or the speakers' level: a file that is mostly zeros
  // (padding, a muted stretch) would otherwise put both percentiles on it and find no pause at all.
  const sorted = Float32Array.from(db.filter((v) => v > DIGITAL_SILENCE_DB)).sort();
  if (sorted.length === 0) return DIGITAL_SILENCE_DB;
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const speech = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
  // A near-constant signal (steady noise or a tone) has no pauses to find, apart from digital silence.
  if (speech - floor < 6) return Math.max(floor - 1, DIGITAL_SILENCE_DB);
  return Math.max(floor + 0.3 * (speech - floor), DIGITAL_SILENCE_DB);
}

function pausesOf(db: Float32Array, threshold: number, minPauseSec: number): Pause[] {
  const minFrames = Math.ceil(minPauseSec / FRAME_SEC);
  const pauses: Pause[] = [];
  let runStart = -1;
  for (let i = 0; i <= db.length; i++) {
    const quiet = i < db.length && db[i]! <= threshold;
    if (quiet && runStart < 0) runStart = i;
    if (!quiet && runStart >= 0) {
      if (i - runStart >= minFrames) pauses.push({ startSec: round3(runStart * FRAME_SEC), endSec: round3(i * FRAME_SEC) });
      runStart = -1;
    }
  }
  return pauses;
}

/** Middle of the quietest 200 ms stretch between lo and hi seconds. */
function quietestPoint(db: Float32Array, lo: number, hi: number): number {
  const span = 10;
  const from = Math.floor(lo / FRAME_SEC);
  const to = Math.min(db.length - span, Math.floor(hi / FRAME_SEC) - span);
  if (to <= from) return hi;
  let sum = 0;
  for (let i = from; i < from + span; i++) sum += db[i]!;
  let best = sum;
  let bestAt = from;
  for (let i = from + 1; i <= to; i++) {
    sum += db[i + span - 1]! - db[i - 1]!;
    if (sum < best) {
      best = sum;
      bestAt = i;
    }
  }
  return (bestAt + span / 2) * FRAME_SEC;
}

function round3(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}
