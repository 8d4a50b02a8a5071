/**
 * Issue 28's overlap question, measured: if we knew where two people talk at once, would our own speaker models pick
 * the second speaker well enough? Diarizes each clip of shared/corpus/multi as the product does, then, in every 0.5 s
 * block where the reference RTTM has two or more speakers (the oracle part), adds the speaker whose GMM (trained on
 * that speaker's turns) fits the block best after the one already named. Scored like bench/diarization-der.ts.
 *
 *   npx tsx --conditions=react-server bench/diarization-overlap-oracle.ts
 *
 * It answers how much an overlap detector would be worth, not what one is: the product has none yet.
 */
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { rng } from "@/lib/diarization/cluster";
import { diarizationErrorRate, parseRttm, parseUem, type DerBreakdown, type LabelledSegment } from "@/lib/diarization/der";
import { DEFAULT_TUNING, diarizeWith, type SpeakerTurn } from "@/lib/diarization/diarize";
import { computeFeatures, FRAME_STEP } from "@/lib/diarization/features";
import { trainGmm, type DiagGmm } from "@/lib/diarization/gmm";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { multiClips } from "./diarization-der";

const BLOCK_SEC = 0.5;
const COLLAR = 0.25;

/** MFCC frames with each coefficient scaled to zero mean and unit variance over the clip. */
function standardised(samples: Float32Array, sampleRate: number): { x: Float32Array; frames: number; dims: number } {
  const { mfcc, frames, dims } = computeFeatures(samples, sampleRate, DEFAULT_TUNING.cepstra);
  const x = new Float32Array(mfcc);
  for (let d = 0; d < dims; d++) {
    let mean = 0;
    for (let i = 0; i < frames; i++) mean += x[i * dims + d]!;
    mean /= frames;
    let variance = 0;
    for (let i = 0; i < frames; i++) variance += (x[i * dims + d]! - mean) ** 2;
    const sd = Math.sqrt(variance / frames) || 1;
    for (let i = 0; i < frames; i++) x[i * dims + d] = (x[i * dims + d]! - mean) / sd;
  }
  return { x, frames, dims };
}

/** For each reference-overlap block: the best-fitting speaker other than the one the diarization named there. */
function runnerUpInOverlap(turns: SpeakerTurn[], reference: LabelledSegment[], samples: Float32Array, sampleRate: number): LabelledSegment[] {
  const { x, frames, dims } = standardised(samples, sampleRate);
  const speakers = [...new Set(turns.map((t) => t.speaker))];
  const frameRows = (from: number, to: number) => Array.from({ length: Math.max(0, Math.min(frames, Math.floor(to / FRAME_STEP)) - Math.floor(from / FRAME_STEP)) }, (_, i) => Math.floor(from / FRAME_STEP) + i);
  const models: DiagGmm[] = speakers.map((s) => trainGmm(x, dims, turns.filter((t) => t.speaker === s).flatMap((t) => frameRows(t.start, t.end)), DEFAULT_TUNING.gmmComponents, 5, rng(7)));
  const extra: LabelledSegment[] = [];
  for (let start = 0; start < frames * FRAME_STEP; start += BLOCK_SEC) {
    const mid = start + BLOCK_SEC / 2;
    if (reference.filter((s) => s.start <= mid && mid < s.end).length < 2) continue;
    const named = turns.find((t) => t.start <= mid && mid < t.end)?.speaker;
    if (named === undefined) continue;
    const rows = frameRows(start, start + BLOCK_SEC);
    let best = -1;
    let bestFit = -Infinity;
    speakers.forEach((s, k) => {
      if (s === named) return;
      const fit = rows.reduce((sum, f) => sum + models[k]!.logLikelihood(x, f * dims), 0);
      if (fit > bestFit) [best, bestFit] = [s, fit];
    });
    if (best >= 0) extra.push({ start, end: start + BLOCK_SEC, speaker: `s${best}` });
  }
  return extra;
}

const errorSec = (d: DerBreakdown) => d.missed + d.falseAlarm + d.confusion;

void (async () => {
  const totals = { speech: 0, base: 0, oracle: 0 };
  console.log("| file | DER today | DER with overlap known + runner-up speaker | missed / false alarm / confusion (s) |\n|---|---|---|---|");
  for (const clip of multiClips()) {
    const wav = path.join(os.tmpdir(), `tingji-overlap-${clip.name}.wav`);
    await normalizeToWav(clip.wav, wav);
    const { samples, sampleRate } = await readWavPcm(wav);
    const turns = diarizeWith(samples, sampleRate, {}, DEFAULT_TUNING);
    const reference = parseRttm(await fsp.readFile(clip.rttm, "utf8"));
    const uem = clip.uem ? parseUem(await fsp.readFile(clip.uem, "utf8")) : undefined;
    const hyp = turns.map((t) => ({ start: t.start, end: t.end, speaker: `s${t.speaker}` }));
    const base = diarizationErrorRate(reference, hyp, { collar: COLLAR, uem });
    const oracle = diarizationErrorRate(reference, [...hyp, ...runnerUpInOverlap(turns, reference, samples, sampleRate)], { collar: COLLAR, uem });
    totals.speech += base.total;
    totals.base += errorSec(base);
    totals.oracle += errorSec(oracle);
    const pct = (d: DerBreakdown) => `${(100 * d.der).toFixed(1)}%`;
    console.log(`| ${clip.name} | ${pct(base)} | ${pct(oracle)} | ${[oracle.missed, oracle.falseAlarm, oracle.confusion].map((v) => v.toFixed(1)).join(" / ")} |`);
    await fsp.rm(wav, { force: true });
  }
  const pct = (v: number) => `${((100 * v) / totals.speech).toFixed(1)}%`;
  console.log(`| **overall** | ${pct(totals.base)} | **${pct(totals.oracle)}** | |`);
})();
