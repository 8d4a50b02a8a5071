import "server-only";
import { computeFeatures, FRAME_STEP, type Features } from "@/lib/diarization/features";
import { GaussStats } from "@/lib/diarization/glr";
import { detectSpeech } from "@/lib/diarization/vad";

/**
 * A voice, as stored in a profile: the sufficient statistics of a
 * full-covariance Gaussian over the speaker's cepstral frames (count, mean,
 * covariance), the same voice model the diarization's clustering compares.
 * Statistics add up, so strengthening a profile from one more recording is
 * pooling, and two voices compare with a distance that does not depend on how
 * much speech each had.
 *
 * This is the one place that knows the vector's layout: swap it (and bump the
 * version) when diarization exposes a better embedding; stored vectors of
 * another version are ignored by matching until re-enrolled.
 */
export const EMBEDDING_VERSION = "mfcc19-gauss-v1";
const DIMS = 19;
/** Less speech than this gives too loose a covariance to name anyone. */
export const MIN_EMBEDDING_SEC = 1.5;

export type VoiceVector = number[];

export type TimeRange = { start: number; end: number };

/** Embeds one speaker's ranges (seconds) of a recording's features; null when they hold too little speech. */
export function embedRanges(feats: Features, ranges: TimeRange[]): VoiceVector | null {
  const voiced = detectSpeech(feats.logEnergy, { ratio: 0.2 });
  const stats = new GaussStats(feats.dims);
  for (const r of ranges) {
    const a = Math.max(0, Math.floor(r.start / FRAME_STEP));
    const b = Math.min(feats.frames, Math.ceil(r.end / FRAME_STEP));
    for (const v of voiced) {
      const s = Math.max(a, v.start);
      const e = Math.min(b, v.end);
      if (e > s) stats.addFrames(feats.mfcc, s, e);
    }
  }
  if (stats.n * FRAME_STEP < MIN_EMBEDDING_SEC) return null;
  return [stats.n, ...stats.sum, ...stats.outer];
}

/** Embeds every speaker of a recording (16 kHz samples) at once; speakers with too little speech are left out. */
export function embedSpeakers(pcm: Float32Array, sampleRate: number, rangesBySpeaker: Map<string, TimeRange[]>): Map<string, VoiceVector> {
  const feats = computeFeatures(pcm, sampleRate, DIMS);
  const out = new Map<string, VoiceVector>();
  for (const [speaker, ranges] of rangesBySpeaker) {
    const v = embedRanges(feats, ranges);
    if (v) out.set(speaker, v);
  }
  return out;
}

/** Pools several vectors of one voice (strengthening a profile). */
export function poolVectors(vectors: VoiceVector[]): VoiceVector {
  const out = new Array<number>(vectors[0]!.length).fill(0);
  for (const v of vectors) for (let i = 0; i < v.length; i++) out[i]! += v[i]!;
  return out;
}

function gaussian(v: VoiceVector): { mean: Float64Array; cov: Float64Array } {
  const n = v[0]!;
  const mean = new Float64Array(DIMS);
  for (let a = 0; a < DIMS; a++) mean[a] = v[1 + a]! / n;
  const cov = new Float64Array(DIMS * DIMS);
  let k = 1 + DIMS;
  for (let a = 0; a < DIMS; a++) {
    for (let b = 0; b <= a; b++) {
      const c = v[k++]! / n - mean[a]! * mean[b]!;
      cov[a * DIMS + b] = c;
      cov[b * DIMS + a] = c;
    }
    cov[a * DIMS + a]! += 1e-3;
  }
  return { mean, cov };
}

/** Cholesky in place (lower triangle); returns the log-determinant. */
function cholesky(m: Float64Array, n: number): number {
  let logDet = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = m[i * n + j]!;
      for (let p = 0; p < j; p++) s -= m[i * n + p]! * m[j * n + p]!;
      if (i === j) {
        const d = Math.sqrt(Math.max(s, 1e-12));
        m[i * n + i] = d;
        logDet += 2 * Math.log(d);
      } else m[i * n + j] = s / m[j * n + j]!;
    }
  }
  return logDet;
}

/**
 * The mean term of the Bhattacharyya distance between the two voices'
 * Gaussians: how far apart their average timbres are, measured against their
 * pooled spread. The covariance term was left out because on the corpus it
 * told clips of one speaker apart about as much as two speakers (what is said
 * shapes the spread); the means separated them (bench/voice-profiles.ts).
 */
export function voiceDistance(x: VoiceVector, y: VoiceVector): number {
  const a = gaussian(x);
  const b = gaussian(y);
  const avg = new Float64Array(DIMS * DIMS);
  for (let i = 0; i < avg.length; i++) avg[i] = (a.cov[i]! + b.cov[i]!) / 2;
  cholesky(avg, DIMS);
  // Mahalanobis term through the Cholesky factor of the averaged covariance.
  const d = new Float64Array(DIMS);
  for (let i = 0; i < DIMS; i++) {
    let s = a.mean[i]! - b.mean[i]!;
    for (let p = 0; p < i; p++) s -= avg[i * DIMS + p]! * d[p]!;
    d[i] = s / avg[i * DIMS + i]!;
  }
  let maha = 0;
  for (let i = 0; i < DIMS; i++) maha += d[i]! * d[i]!;
  return maha / 8;
}

/** How far apart two voices may be and still be one person (voiceDistance). */
export const MATCH_DISTANCE = 0.45;

/** A distance as a confidence in 0..1: 0.5 at the threshold, 1 for the same vector. */
export function confidenceOf(distance: number): number {
  return 1 / (1 + (distance / MATCH_DISTANCE) ** 2);
}
