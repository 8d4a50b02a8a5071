import "server-only";
import { GaussStats, glr, logDetCovariance } from "./glr";
import { spectralEmbedding, spectralLabels } from "./cluster";
import { computeFeatures, FRAME_STEP, type Features } from "./features";
import { intersect, labelFrames, makeWindows, mergeRegions, toFrameRanges, type FrameRange } from "./frame-ranges";
import { labelCount, resegment } from "./resegment";
import { sileroSpeechDetector, type SpeechRegion } from "./silero-vad";
import { detectSpeech } from "./vad";

/** One speaker's stretch of speech, in seconds; speakers are numbered 0.. in order of first appearance. */
export type SpeakerTurn = { start: number; end: number; speaker: number };

export type DiarizeOptions = {
  minSpeakers?: number;
  maxSpeakers?: number;
  /**
   * Speech regions in seconds, e.g. from the speech engine: only speech inside them is attributed.
   * They are intersected with the VAD's speech, because pauses inside them would blur the voices together.
   */
  speechRegions?: { start: number; end: number }[];
};

/** Knobs of the algorithm; exported for the bench, not part of the public surface. */
export type Tuning = {
  /** Cepstral coefficients per frame (c1..cN). */
  cepstra: number;
  /** Energy VAD threshold, as a fraction of the way from the noise floor to the speech level. */
  vadRatio: number;
  /** A pause shorter than this (seconds) between two turns of the same speaker becomes part of the turn. */
  bridgePauseSec: number;
  windowSec: number;
  hopSec: number;
  /** At most this many windows are clustered (evenly spaced); the rest join the nearest cluster. */
  maxClusterWindows: number;
  /** Fraction of windows each window stays linked to in the spectral graph. */
  neighbourFraction: number;
  /** The fractions tried when the speaker count is given (mostDistinctPartition). */
  givenCountSparsities: number[];
  /** Speaker count tried at most when none is given. */
  maxAutoSpeakers: number;
  /** Resegmentation: components of each speaker's GMM, and rounds. */
  gmmComponents: number;
  resegIterations: number;
  /** Cost in nats of switching speaker between consecutive frames in the Viterbi pass. */
  switchPenalty: number;
  /** Count test (see closestPairMargin): GLR floor per effective frame, and BIC penalty weight. */
  glrPerFrame: number;
  glrLambda: number;
  /** A speaker needs at least this much speech (seconds) plus `minSpeakerShare` of the recording's speech. */
  minSpeakerSec: number;
  minSpeakerShare: number;
  /**
   * Speech detector: "silero" (Silero VAD with the energy VAD inside it; energy alone when it cannot load) or
   * "energy". Energy is the default: with Silero the speaker count swings on these clips and the CPU cost is
   * several times the whole diarization's (bench/README.md, diarization-der).
   */
  vad: "silero" | "energy";
  sileroThreshold: number;
};

export const DEFAULT_TUNING: Tuning = {
  cepstra: 19,
  vadRatio: 0.2,
  bridgePauseSec: 0.75,
  windowSec: 1.5,
  hopSec: 0.75,
  maxClusterWindows: 500,
  neighbourFraction: 0.2,
  givenCountSparsities: [0.1, 0.2, 0.3, 0.4],
  maxAutoSpeakers: 6,
  gmmComponents: 8,
  resegIterations: 2,
  switchPenalty: 50,
  glrPerFrame: 3,
  glrLambda: 0.55,
  minSpeakerSec: 3,
  minSpeakerShare: 0.01,
  vad: "energy",
  sileroThreshold: 0.1,
};

/**
 * Who spoke when, from the audio alone:
 * 1. MFCC frames; speech found by the energy VAD (or Silero VAD and the
 *    energy VAD, see Tuning.vad), intersected with the speech regions when given.
 * 2. Overlapping windows, each summarised by a full-covariance Gaussian; two
 *    windows are as similar as their GLR per frame is small (the same voice
 *    fits one Gaussian, two voices don't), which compares the shape of the
 *    voices rather than what was said.
 * 3. Spectral clustering of the windows, for each speaker count k in turn,
 *    then a Viterbi resegmentation with a GMM per speaker, which moves the
 *    boundaries to where the voice changes.
 * 4. k grows while even the two closest speakers are clearly and
 *    significantly different voices (closestPairMargin) and every speaker has
 *    enough speech; when the count is given, the graph is cut at several
 *    sparsities instead and the most distinct partition is kept.
 * 5. Short pauses inside one speaker's speech are bridged.
 * Cost is linear in the length apart from the clustering, which sees at most
 * maxClusterWindows windows: about 40 s for 60 minutes on one core.
 */
export function diarize(pcm: Float32Array, sampleRate: number, opts: DiarizeOptions = {}): SpeakerTurn[] {
  return diarizeWith(pcm, sampleRate, opts, DEFAULT_TUNING);
}

export function diarizeWith(pcm: Float32Array, sampleRate: number, opts: DiarizeOptions, tuning: Tuning): SpeakerTurn[] {
  const detector = tuning.vad === "silero" ? sileroSpeechDetector(sampleRate, tuning.sileroThreshold) : null;
  detector?.accept(pcm);
  return diarizeFeatures(computeFeatures(pcm, sampleRate, tuning.cepstra), opts, tuning, detector?.finish());
}

/**
 * Diarizes features already computed (diarize-file.ts streams them from the
 * WAV; see computeFeaturesOfWav). `voicedSec`: speech found by a model VAD
 * (silero-vad.ts), in seconds; without it the energy VAD decides.
 */
export function diarizeFeatures(feats: Features, opts: DiarizeOptions, tuning: Tuning = DEFAULT_TUNING, voicedSec?: SpeechRegion[]): SpeakerTurn[] {
  const { frames, dims } = feats;
  if (frames === 0) return [];
  // Frame i covers roughly [i, i+1) * FRAME_STEP once centred; keep the mapping simple.
  // The model VAD keeps noise out; the energy VAD inside it keeps the pauses between words out, which would blur the voices.
  const energy = detectSpeech(feats.logEnergy, { ratio: tuning.vadRatio });
  const voiced = voicedSec ? intersect(toFrameRanges(voicedSec, frames), energy) : energy;
  const speech: FrameRange[] = opts.speechRegions
    ? intersect(
        mergeRegions(toFrameRanges(opts.speechRegions, frames)),
        voiced,
      )
    : voiced;
  if (speech.length === 0) return [];

  const x = normalise(feats.mfcc, dims, speech);
  const windows = makeWindows(speech, Math.round(tuning.windowSec / FRAME_STEP), Math.round(tuning.hopSec / FRAME_STEP));
  const stats = windows.map((w) => {
    const s = new GaussStats(dims);
    s.addFrames(x, w.start, w.end);
    return s;
  });
  const clusterer = windowClusterer(stats, tuning);
  const labelsFor = (k: number, neighbourFraction?: number) =>
    resegment(x, dims, speech, labelFrames(frames, speech, windows, clusterer.labels(k, neighbourFraction)), tuning);
  if (opts.minSpeakers && opts.minSpeakers === opts.maxSpeakers) {
    const k = Math.min(opts.minSpeakers, clusterer.size);
    return bridgePauses(toTurns(mostDistinctPartition(k, labelsFor, (labels) => closestPairMargin(x, dims, speech, labels, tuning, 0), tuning), speech), tuning.bridgePauseSec);
  }

  let speechFrames = 0;
  for (const r of speech) speechFrames += r.end - r.start;
  const minFrames = (tuning.minSpeakerSec + tuning.minSpeakerShare * speechFrames * FRAME_STEP) / FRAME_STEP;
  const minK = Math.max(1, opts.minSpeakers ?? 1);
  const top = Math.max(1, Math.min(opts.maxSpeakers ?? tuning.maxAutoSpeakers, clusterer.size));
  const first = Math.min(minK, top);
  let chosen: Int32Array | null = null;
  for (let k = first; k <= top; k++) {
    const labels = labelsFor(k);
    if (k === first) {
      chosen = labels;
      continue;
    }
    // Above the requested minimum, each extra speaker must earn its place (and survive the resegmentation).
    if (labelCount(labels) === k && closestPairMargin(x, dims, speech, labels, tuning, minFrames) > 0) chosen = labels;
    else break;
  }
  return bridgePauses(toTurns(chosen!, speech), tuning.bridgePauseSec);
}

/**
 * Joins turns of the same speaker separated by a short pause. The clustering
 * works on speech frames only (pauses would blur the voices together), but a
 * speaker's breath between two phrases is part of their turn.
 */
function bridgePauses(turns: SpeakerTurn[], maxPause: number): SpeakerTurn[] {
  const out: SpeakerTurn[] = [];
  for (const t of turns) {
    const last = out[out.length - 1];
    if (last && last.speaker === t.speaker && t.start - last.end < maxPause) last.end = t.end;
    else out.push({ ...t });
  }
  return out;
}

/**
 * The owner gave the speaker count, so there is no count test; but the graph's
 * sparsity decides which voices a k-way cut separates (a speaker who says one
 * sentence stands apart only in some), so each of tuning.givenCountSparsities
 * is cut and the partition whose two closest speakers are most clearly apart is
 * kept (bench/README.md, "count given").
 */
function mostDistinctPartition(k: number, labelsFor: (k: number, neighbourFraction: number) => Int32Array, margin: (labels: Int32Array) => number, tuning: Tuning): Int32Array {
  let best: Int32Array | null = null;
  let bestMargin = -Infinity;
  for (const fraction of k > 1 ? tuning.givenCountSparsities : [tuning.neighbourFraction]) {
    const labels = labelsFor(k, fraction);
    const m = labelCount(labels) === k ? margin(labels) : -Infinity;
    if (!best || m > bestMargin) [best, bestMargin] = [labels, m];
  }
  return best!;
}

/**
 * Spectral clustering of (a bounded, evenly spaced subset of) the windows by
 * GLR similarity, computed once and decomposed once per graph sparsity;
 * `labels(k)` cuts it into k clusters and sends every window left out to the
 * cluster whose Gaussian it is closest to.
 */
function windowClusterer(stats: GaussStats[], tuning: Tuning) {
  const n = stats.length;
  const stride = Math.max(1, n / tuning.maxClusterWindows);
  const picked: number[] = [];
  for (let p = 0; Math.floor(p) < n; p += stride) picked.push(Math.floor(p));
  const m = picked.length;
  const similarity = m >= 3 ? glrSimilarity(picked.map((i) => stats[i])) : null;
  const embeddings = new Map<number, ReturnType<typeof spectralEmbedding>>();
  const embeddingFor = (fraction: number) => {
    if (!similarity) return null;
    if (!embeddings.has(fraction)) embeddings.set(fraction, spectralEmbedding(similarity, m, Math.max(2, Math.round(fraction * m))));
    return embeddings.get(fraction)!;
  };
  const dims = stats[0].dims;
  const scratch = new Float64Array(dims * dims);
  const own = m === n ? null : stats.map((s) => logDetCovariance(s, scratch));
  const labels = (k: number, neighbourFraction = tuning.neighbourFraction): Int32Array => {
    const embedding = embeddingFor(neighbourFraction);
    const sub = embedding ? spectralLabels(embedding, m, k) : new Int32Array(m);
    if (!own) return sub;
    const count = labelCount(sub);
    const clusters = Array.from({ length: count }, () => new GaussStats(dims));
    picked.forEach((i, j) => clusters[sub[j]].add(stats[i]));
    const ld = clusters.map((c) => logDetCovariance(c, scratch));
    const out = new Int32Array(n);
    picked.forEach((i, j) => (out[i] = sub[j]));
    const isPicked = new Uint8Array(n);
    for (const i of picked) isPicked[i] = 1;
    for (let i = 0; i < n; i++) {
      if (isPicked[i]) continue;
      let best = 0;
      let bestD = Infinity;
      for (let c = 0; c < count; c++) {
        const d = glr(stats[i], clusters[c], own[i], ld[c], scratch);
        if (d < bestD) {
          bestD = d;
          best = c;
        }
      }
      out[i] = best;
    }
    return out;
  };
  return { labels, size: m };
}

/** Similarity of windows: minus their GLR per effective frame (n_a n_b / (n_a + n_b)), so short windows compare fairly. */
function glrSimilarity(stats: GaussStats[]): Float64Array {
  const n = stats.length;
  const dims = stats[0].dims;
  const scratch = new Float64Array(dims * dims);
  const ld = stats.map((s) => logDetCovariance(s, scratch));
  const sim = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const h = (stats[i].n * stats[j].n) / (stats[i].n + stats[j].n);
      sim[i * n + j] = sim[j * n + i] = -glr(stats[i], stats[j], ld[i], ld[j], scratch) / h;
    }
  }
  return sim;
}

/**
 * How clearly the two closest speakers of a labelling are different voices:
 * the GLR between their full-covariance Gaussians, minus an effect-size floor
 * (glrPerFrame nats per effective frame n_a n_b / (n_a + n_b), which is what
 * keeps a long single-speaker recording whole) and minus the BIC penalty
 * (glrLambda * P/2 * log n, which keeps a short one whole). Positive when even
 * the closest pair is clearly and significantly apart; -Infinity when some
 * speaker has less than `minFrames` of speech.
 */
function closestPairMargin(x: Float32Array, dims: number, speech: FrameRange[], labels: Int32Array, tuning: Tuning, minFrames: number): number {
  const k = labelCount(labels);
  const cs = Array.from({ length: k }, () => new GaussStats(dims));
  for (const r of speech) {
    let start = r.start;
    for (let f = r.start + 1; f <= r.end; f++) {
      if (f < r.end && labels[f] === labels[start]) continue;
      if (labels[start] >= 0) cs[labels[start]].addFrames(x, start, f);
      start = f;
    }
  }
  if (cs.some((c) => c.n < minFrames)) return -Infinity;
  const scratch = new Float64Array(dims * dims);
  const ld = cs.map((c) => logDetCovariance(c, scratch));
  const params = dims + (dims * (dims + 1)) / 2;
  let worst = Infinity;
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const n = cs[a].n + cs[b].n;
      const h = (cs[a].n * cs[b].n) / n;
      const margin = glr(cs[a], cs[b], ld[a], ld[b], scratch) - tuning.glrPerFrame * h - tuning.glrLambda * 0.5 * params * Math.log(n);
      worst = Math.min(worst, margin);
    }
  }
  return worst;
}

/** Cepstral mean and variance normalisation over speech frames: removes the channel, keeps speaker differences. */
function normalise(mfcc: Float32Array, dims: number, speech: FrameRange[]): Float32Array {
  const mean = new Float64Array(dims);
  const sq = new Float64Array(dims);
  let n = 0;
  for (const r of speech) {
    for (let f = r.start; f < r.end; f++) {
      for (let d = 0; d < dims; d++) {
        const v = mfcc[f * dims + d];
        mean[d] += v;
        sq[d] += v * v;
      }
      n++;
    }
  }
  const out = new Float32Array(mfcc.length);
  const frames = mfcc.length / dims;
  for (let d = 0; d < dims; d++) {
    mean[d] /= n;
    const sd = Math.sqrt(Math.max(1e-8, sq[d] / n - mean[d] * mean[d]));
    for (let f = 0; f < frames; f++) out[f * dims + d] = (mfcc[f * dims + d] - mean[d]) / sd;
  }
  return out;
}

/** Runs of equal labels inside speech become turns; speakers renumbered by first appearance. */
function toTurns(labels: Int32Array, speech: FrameRange[]): SpeakerTurn[] {
  const order = new Map<number, number>();
  const turns: SpeakerTurn[] = [];
  for (const r of speech) {
    let start = r.start;
    for (let f = r.start + 1; f <= r.end; f++) {
      if (f < r.end && labels[f] === labels[start]) continue;
      const l = labels[start];
      if (!order.has(l)) order.set(l, order.size);
      const speaker = order.get(l)!;
      const last = turns[turns.length - 1];
      // Frame-index times, offset by half a 25 ms window so they sit on the frame centres.
      const t0 = start * FRAME_STEP + 0.0125;
      const t1 = f * FRAME_STEP + 0.0125;
      if (last && last.speaker === speaker && t0 - last.end < 1e-6) last.end = t1;
      else turns.push({ start: t0, end: t1, speaker });
      start = f;
    }
  }
  return turns;
}
