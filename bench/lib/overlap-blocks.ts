/**
 * Issue 28's overlap experiments share this: a clip diarized as the product does, cut into 0.5 s blocks, each block
 * with the speaker the diarization named, the number of reference speakers (the RTTM) and the runner-up speaker (the
 * speaker model that fits the block best after the named one). A detector then says which blocks get the runner-up too.
 */
import { rng } from "@/lib/diarization/cluster";
import { diarizationErrorRate, type DerBreakdown, type LabelledSegment, type TimeRange } from "@/lib/diarization/der";
import { DEFAULT_TUNING, diarizeWith, type SpeakerTurn } from "@/lib/diarization/diarize";
import { computeFeatures, FRAME_STEP } from "@/lib/diarization/features";
import { trainGmm } from "@/lib/diarization/gmm";
import { loadMultiClips } from "../diarization-der";

export const BLOCK_SEC = 0.5;
const COLLAR = 0.25;

export type Block = { start: number; named: number; runnerUp: number; referenceSpeakers: number };

export type DiarizedClip = {
  name: string;
  samples: Float32Array;
  sampleRate: number;
  turns: SpeakerTurn[];
  reference: LabelledSegment[];
  uem?: TimeRange[];
  blocks: Block[];
};

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

/** Frame indices in [from, to) seconds. */
export function frameRows(from: number, to: number, frames: number): number[] {
  const out: number[] = [];
  for (let f = Math.floor(from / FRAME_STEP); f < Math.min(frames, Math.floor(to / FRAME_STEP)); f++) out.push(f);
  return out;
}

function blocksOf(turns: SpeakerTurn[], reference: LabelledSegment[], samples: Float32Array, sampleRate: number): Block[] {
  const { x, frames, dims } = standardised(samples, sampleRate);
  const speakers = [...new Set(turns.map((t) => t.speaker))];
  const models = speakers.map((s) =>
    trainGmm(x, dims, turns.filter((t) => t.speaker === s).flatMap((t) => frameRows(t.start, t.end, frames)), DEFAULT_TUNING.gmmComponents, 5, rng(7)),
  );
  const blocks: Block[] = [];
  for (let start = 0; start < frames * FRAME_STEP; start += BLOCK_SEC) {
    const mid = start + BLOCK_SEC / 2;
    const named = turns.find((t) => t.start <= mid && mid < t.end)?.speaker;
    if (named === undefined) continue;
    const rows = frameRows(start, start + BLOCK_SEC, frames);
    let runnerUp = -1;
    let bestFit = -Infinity;
    speakers.forEach((s, k) => {
      if (s === named) return;
      const fit = rows.reduce((sum, f) => sum + models[k]!.logLikelihood(x, f * dims), 0);
      if (fit > bestFit) [runnerUp, bestFit] = [s, fit];
    });
    blocks.push({ start, named, runnerUp, referenceSpeakers: reference.filter((s) => s.start <= mid && mid < s.end).length });
  }
  return blocks;
}

/** The clips of shared/corpus/multi with an RTTM, diarized with today's defaults and cut into blocks. */
export async function diarizedMultiClips(): Promise<DiarizedClip[]> {
  return (await loadMultiClips()).map((clip) => {
    const turns = diarizeWith(clip.samples, clip.sampleRate, {}, DEFAULT_TUNING);
    return { ...clip, turns, blocks: blocksOf(turns, clip.reference, clip.samples, clip.sampleRate) };
  });
}

/** DER (collar 0.25 s) of the diarization with the runner-up speaker added in the chosen blocks. */
export function derWithRunnerUp(clip: DiarizedClip, chosen: (block: Block, index: number) => boolean): DerBreakdown {
  const hypothesis = clip.turns.map((t) => ({ start: t.start, end: t.end, speaker: `s${t.speaker}` }));
  const extra = clip.blocks
    .filter((b, i) => b.runnerUp >= 0 && chosen(b, i))
    .map((b) => ({ start: b.start, end: b.start + BLOCK_SEC, speaker: `s${b.runnerUp}` }));
  return diarizationErrorRate(clip.reference, [...hypothesis, ...extra], { collar: COLLAR, uem: clip.uem });
}

export const errorSec = (d: DerBreakdown) => d.missed + d.falseAlarm + d.confusion;

/** Area under the ROC curve of `scores` for telling overlap blocks (two or more reference speakers) from the rest. */
export function overlapAuc(blocks: Block[], scores: number[]): number {
  const order = scores.map((_, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let positives = 0;
  let rankSum = 0;
  order.forEach((i, rank) => {
    if (blocks[i]!.referenceSpeakers >= 2) {
      positives++;
      rankSum += rank + 1;
    }
  });
  const negatives = blocks.length - positives;
  return positives && negatives ? (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives) : NaN;
}
