import "server-only";
import { rng } from "./cluster";
import { type DiagGmm, trainGmm } from "./gmm";
import type { Tuning } from "./diarize";
import type { FrameRange } from "./frame-ranges";

// The resegmentation step of diarize.ts: after the windows are clustered, a
// GMM per speaker and a Viterbi pass over the frames move each boundary to
// where the voice changes.

type ResegmentTuning = Pick<Tuning, "gmmComponents" | "resegIterations" | "switchPenalty">;

/**
 * A few rounds of: fit a GMM per speaker on its frames, then Viterbi over
 * each speech region with a switching cost. Moves boundaries to where the
 * acoustics change rather than where the windows happened to fall. Speakers
 * left with almost no speech are dropped.
 */
export function resegment(x: Float32Array, dims: number, speech: FrameRange[], labels: Int32Array, tuning: ResegmentTuning): Int32Array {
  const random = rng(7);
  let current = labels;
  for (let it = 0; it < tuning.resegIterations; it++) {
    const k = labelCount(current);
    if (k <= 1) break;
    const rows: number[][] = Array.from({ length: k }, () => []);
    for (const r of speech) for (let f = r.start; f < r.end; f++) if (current[f] >= 0) rows[current[f]].push(f);
    const models: (DiagGmm | null)[] = rows.map((r) =>
      r.length >= 50 ? trainGmm(x, dims, subsample(r, 30000), tuning.gmmComponents, 5, random) : null,
    );
    const next = new Int32Array(current.length).fill(-1);
    for (const r of speech) viterbi(x, dims, r, models, tuning.switchPenalty, next);
    current = compact(next);
  }
  return current;
}

function subsample(rows: number[], max: number): number[] {
  if (rows.length <= max) return rows;
  const step = rows.length / max;
  const out: number[] = [];
  for (let p = 0; p < rows.length; p += step) out.push(rows[Math.floor(p)]);
  return out;
}

function viterbi(x: Float32Array, dims: number, r: FrameRange, models: (DiagGmm | null)[], penalty: number, out: Int32Array) {
  const k = models.length;
  const len = r.end - r.start;
  const back = new Int8Array(len * k);
  let score = new Float64Array(k);
  let next = new Float64Array(k);
  for (let t = 0; t < len; t++) {
    const f = r.start + t;
    let bestPrev = 0;
    for (let j = 1; j < k; j++) if (score[j] > score[bestPrev]) bestPrev = j;
    for (let j = 0; j < k; j++) {
      const model = models[j];
      const ll = model ? model.logLikelihood(x, f * dims) : -Infinity;
      const stay = score[j];
      const move = score[bestPrev] - penalty;
      if (t === 0 || stay >= move) {
        next[j] = stay + ll;
        back[t * k + j] = j;
      } else {
        next[j] = move + ll;
        back[t * k + j] = bestPrev;
      }
    }
    [score, next] = [next, score];
  }
  let state = 0;
  for (let j = 1; j < k; j++) if (score[j] > score[state]) state = j;
  for (let t = len - 1; t >= 0; t--) {
    out[r.start + t] = state;
    state = back[t * k + state];
  }
}

/** Highest label + 1 (a loop: spreading an hour of frame labels into Math.max overflows the stack). */
export function labelCount(labels: ArrayLike<number>): number {
  let max = -1;
  for (let i = 0; i < labels.length; i++) if (labels[i] > max) max = labels[i];
  return max + 1;
}

/** Renumber labels 0.. with no gaps. */
function compact(labels: Int32Array): Int32Array {
  const ids = new Map<number, number>();
  const out = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i];
    if (l < 0) {
      out[i] = -1;
      continue;
    }
    if (!ids.has(l)) ids.set(l, ids.size);
    out[i] = ids.get(l)!;
  }
  return out;
}
