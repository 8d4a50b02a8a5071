import "server-only";
import { computeFeatures, FRAME_STEP, type Features } from "./features";
import { GaussStats, logDetCovariance } from "./glr";
import { detectSpeech } from "./vad";

/**
 * Speaker embedding shared by diarization and voice profiles.
 *
 * What it is: the voice's full-covariance Gaussian over MFCC frames (c1..c19,
 * 25 ms frames every 10 ms, no per-recording normalisation), kept as
 * sufficient statistics so that embeddings from several recordings pool
 * exactly (`mergeEmbeddings`). Only frames that the energy VAD calls speech,
 * inside the given segments, count.
 *
 * Layout (Float32Array of SPEAKER_EMBEDDING_DIM = 210 values):
 *   [0]        frame count n (10 ms frames)
 *   [1..19]    mean of each coefficient
 *   [20..209]  mean of the outer products, lower triangle row-major ((a, b), b <= a, at a*(a+1)/2 + b)
 *
 * Similarity (`embeddingSimilarity`): exp(-d), d = the GLR per frame of the two
 * voices given equal weight, i.e. log|Σ_pooled| - ½ log|Σ_a| - ½ log|Σ_b|. It is 1
 * for identical statistics and falls towards 0 as the voices differ; the same
 * measure the diarization uses to tell voices apart. It compares the shape of
 * the voice, so it needs a few seconds of speech on each side (≥ 3 s; 10 s or more
 * is steadier). Store the version with the vector: a new version means
 * re-computing, never comparing across versions.
 */
export const SPEAKER_EMBEDDING_VERSION = "gauss-mfcc19-v1";
export const SPEAKER_EMBEDDING_DIM = 1 + 19 + (19 * 20) / 2;
const DIMS = 19;

export type TimeSegment = { start: number; end: number };

/** The embedding of the speech inside `segments` (seconds; the whole signal when omitted) of mono samples. */
export function speakerEmbedding(pcm: Float32Array, sampleRate: number, segments?: TimeSegment[]): Float32Array {
  return speakerEmbeddingOfFeatures(computeFeatures(pcm, sampleRate, DIMS), segments);
}

/** The same from features already computed (computeFeatures / computeFeaturesOfWav with 19 cepstra). */
export function speakerEmbeddingOfFeatures(feats: Features, segments?: TimeSegment[]): Float32Array {
  if (feats.dims !== DIMS) throw new Error(`speaker embedding needs ${DIMS} cepstra, got ${feats.dims}`);
  const speech = detectSpeech(feats.logEnergy, { ratio: 0.2 });
  const ranges = segments
    ? segments.map((s) => ({ start: Math.max(0, Math.round(s.start / FRAME_STEP)), end: Math.min(feats.frames, Math.round(s.end / FRAME_STEP)) }))
    : [{ start: 0, end: feats.frames }];
  const stats = new GaussStats(DIMS);
  const used = new Uint8Array(feats.frames);
  for (const r of ranges) {
    for (const v of speech) {
      const start = Math.max(r.start, v.start);
      const end = Math.min(r.end, v.end);
      for (let f = start; f < end; f++) {
        if (used[f]) continue;
        used[f] = 1;
        stats.addFrames(feats.mfcc, f, f + 1);
      }
    }
  }
  return fromStats(stats);
}

/** Seconds of speech behind an embedding. */
export function embeddingSpeechSeconds(e: Float32Array): number {
  return e[0] * FRAME_STEP;
}

/** Pools embeddings as if their speech had been one recording (weighted by speech length). */
export function mergeEmbeddings(list: Float32Array[]): Float32Array {
  const stats = new GaussStats(DIMS);
  for (const e of list) stats.add(toStats(e));
  return fromStats(stats);
}

/** exp(-d) in (0, 1]; 0 when either side holds no speech. See the top of this file. */
export function embeddingSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== SPEAKER_EMBEDDING_DIM || b.length !== SPEAKER_EMBEDDING_DIM) throw new Error("not a speaker embedding of this version");
  if (a[0] < DIMS + 1 || b[0] < DIMS + 1) return 0;
  const sa = toStats(a);
  const sb = toStats(b);
  // Equal weights: each side counts as one frame's worth, so long and short recordings compare alike.
  const wa = scaled(sa, 1 / sa.n);
  const wb = scaled(sb, 1 / sb.n);
  const scratch = new Float64Array(DIMS * DIMS);
  const pooled = GaussStats.merged(wa, wb);
  const d = logDetCovariance(pooled, scratch) - 0.5 * logDetCovariance(wa, scratch) - 0.5 * logDetCovariance(wb, scratch);
  return Math.exp(-Math.max(0, d));
}

function scaled(s: GaussStats, w: number): GaussStats {
  const out = new GaussStats(s.dims);
  out.n = s.n * w;
  for (let i = 0; i < s.sum.length; i++) out.sum[i] = s.sum[i] * w;
  for (let i = 0; i < s.outer.length; i++) out.outer[i] = s.outer[i] * w;
  return out;
}

function fromStats(s: GaussStats): Float32Array {
  const out = new Float32Array(SPEAKER_EMBEDDING_DIM);
  out[0] = s.n;
  if (s.n === 0) return out;
  for (let i = 0; i < DIMS; i++) out[1 + i] = s.sum[i] / s.n;
  for (let i = 0; i < s.outer.length; i++) out[1 + DIMS + i] = s.outer[i] / s.n;
  return out;
}

function toStats(e: Float32Array): GaussStats {
  const s = new GaussStats(DIMS);
  s.n = e[0];
  for (let i = 0; i < DIMS; i++) s.sum[i] = e[1 + i] * s.n;
  for (let i = 0; i < s.outer.length; i++) s.outer[i] = e[1 + DIMS + i] * s.n;
  return s;
}
