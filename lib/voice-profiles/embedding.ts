import "server-only";
import type { Features } from "@/lib/diarization/features";
import {
  embeddingSimilarity,
  embeddingSpeechSeconds,
  mergeEmbeddings,
  SPEAKER_EMBEDDING_VERSION,
  speakerEmbeddingOfFeatures,
} from "@/lib/diarization/embedding";

/**
 * Voice profiles store the diarization's own speaker embedding
 * (lib/diarization/embedding.ts: a voice's full-covariance MFCC Gaussian, as
 * pooled statistics), so profiles and diarization share one embedding and
 * strengthening a profile is pooling. Comparison is the diarization's own
 * similarity too; profiles add only the distance at which two voices count as
 * one person across recordings (MATCH_DISTANCE).
 */
export const EMBEDDING_VERSION = SPEAKER_EMBEDDING_VERSION;
/** Less speech than this gives too loose a voice to name anyone. */
export const MIN_EMBEDDING_SEC = 1.5;

export type VoiceVector = number[];
export type TimeRange = { start: number; end: number };

/** One speaker's ranges (seconds) of a recording's features (19 cepstra); null when they hold too little speech. */
export function embedRanges(feats: Features, ranges: TimeRange[]): VoiceVector | null {
  const e = speakerEmbeddingOfFeatures(feats, ranges);
  return embeddingSpeechSeconds(e) < MIN_EMBEDDING_SEC ? null : Array.from(e);
}

/** Pools several enrolments of one voice (strengthening a profile). */
export function poolVectors(vectors: VoiceVector[]): VoiceVector {
  return Array.from(mergeEmbeddings(vectors.map((v) => Float32Array.from(v))));
}

/**
 * How far apart two voices are: -log of the diarization's own similarity (the
 * GLR per frame of the two voices at equal weights), so a profile match and a
 * diarization decision measure voices alike. On the corpus it separated
 * readers across recordings better than comparing average timbres alone
 * (bench/voice-profiles.ts has both side by side).
 */
export function voiceDistance(x: VoiceVector, y: VoiceVector): number {
  const s = embeddingSimilarity(Float32Array.from(x), Float32Array.from(y));
  return s > 0 ? -Math.log(s) : Infinity;
}

/** How far apart two voices may be and still be one person (voiceDistance); set from bench/voice-profiles.ts. */
export const MATCH_DISTANCE = 2.4;

/** A distance as a confidence in 0..1: 0.5 at the threshold, 1 for the same voice. */
export function confidenceOf(distance: number, threshold = MATCH_DISTANCE): number {
  return 1 / (1 + (distance / threshold) ** 2);
}
