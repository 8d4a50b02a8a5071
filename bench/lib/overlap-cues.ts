/**
 * Frame cues for issue 28's overlap experiments (bench/diarization-overlap-detectors.ts). None of them is in the
 * product: they are measured there, and so far none tells overlap from one voice across recordings.
 */
import { rng } from "@/lib/diarization/cluster";
import { computeFeatures, FRAME_STEP } from "@/lib/diarization/features";
import { trainGmm, type DiagGmm } from "@/lib/diarization/gmm";
import { detectSpeech } from "@/lib/diarization/vad";
import { BLOCK_SEC, frameRows, type DiarizedClip } from "./overlap-blocks";

/**
 * Per 10 ms frame: 1 − the best normalised autocorrelation at a pitch period (70-400 Hz) over 40 ms at 8 kHz after a
 * 1 kHz low-pass. Near 0 for one clear voice; two voices at once are less periodic.
 */
export function aperiodicity(pcm: Float32Array, sampleRate: number, frames: number): Float32Array {
  const rate = 8000;
  const step = sampleRate / rate;
  const n = Math.floor(pcm.length / step);
  const x = new Float32Array(n);
  const pole = Math.exp((-2 * Math.PI * 1000) / rate);
  let y = 0;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let k = 0; k < step; k++) s += pcm[i * step + k]!;
    y = pole * y + ((1 - pole) * s) / step;
    x[i] = y;
  }
  const win = 0.04 * rate;
  const [minLag, maxLag] = [Math.round(rate / 400), Math.round(rate / 70)];
  const out = new Float32Array(frames).fill(1);
  for (let f = 0; f < frames; f++) {
    const s = Math.round(f * FRAME_STEP * rate);
    if (s + win + maxLag >= n) break;
    let e0 = 0;
    for (let k = 0; k < win; k++) e0 += x[s + k]! ** 2;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let r = 0;
      let e = 0;
      for (let k = 0; k < win; k++) {
        r += x[s + k]! * x[s + k + lag]!;
        e += x[s + k + lag]! ** 2;
      }
      out[f] = Math.min(out[f]!, 1 - r / Math.sqrt(e0 * e + 1e-12));
    }
  }
  return out;
}

/**
 * The learned detector's input per frame: mean and spread over ±0.25 s of speech frames of the cepstra (normalised
 * over the recording's speech), the aperiodicity and the log energy below the recording's loud level.
 */
export function contextFeatures(pcm: Float32Array, sampleRate: number, cepstra = 39): { x: Float32Array; frames: number; dims: number; speech: Uint8Array } {
  const feats = computeFeatures(pcm, sampleRate, cepstra);
  const { frames, mfcc } = feats;
  const speech = new Uint8Array(frames);
  for (const r of detectSpeech(feats.logEnergy, { ratio: 0.2 })) speech.fill(1, r.start, r.end);
  const per = cepstra + 2;
  const base = new Float32Array(frames * per);
  for (let d = 0; d < cepstra; d++) {
    let [sum, sq, n] = [0, 0, 0];
    for (let f = 0; f < frames; f++) {
      if (!speech[f]) continue;
      sum += mfcc[f * cepstra + d]!;
      sq += mfcc[f * cepstra + d]! ** 2;
      n++;
    }
    const mean = sum / Math.max(1, n);
    const sd = Math.sqrt(Math.max(1e-6, sq / Math.max(1, n) - mean * mean));
    for (let f = 0; f < frames; f++) base[f * per + d] = (mfcc[f * cepstra + d]! - mean) / sd;
  }
  const loud = Array.from(feats.logEnergy).sort((a, b) => a - b)[Math.floor(frames * 0.95)] ?? 0;
  const periodic = aperiodicity(pcm, sampleRate, frames);
  for (let f = 0; f < frames; f++) {
    base[f * per + cepstra] = periodic[f]!;
    base[f * per + cepstra + 1] = (feats.logEnergy[f]! - loud) / 5;
  }
  const context = Math.round(0.25 / FRAME_STEP);
  const dims = 2 * per;
  const x = new Float32Array(frames * dims);
  for (let f = 0; f < frames; f++) {
    const sum = new Float64Array(per);
    const sq = new Float64Array(per);
    let n = 0;
    for (let g = Math.max(0, f - context); g <= Math.min(frames - 1, f + context); g++) {
      if (!speech[g]) continue;
      n++;
      for (let d = 0; d < per; d++) {
        sum[d] += base[g * per + d]!;
        sq[d] += base[g * per + d]! ** 2;
      }
    }
    for (let d = 0; d < per; d++) {
      const mean = n ? sum[d]! / n : 0;
      x[f * dims + d] = mean;
      x[f * dims + per + d] = n ? Math.sqrt(Math.max(0, sq[d]! / n - mean * mean)) : 0;
    }
  }
  return { x, frames, dims, speech };
}

const BANDS = 40;

/** Log-mel bands rebuilt from c1..c39 (orthonormal DCT), with the frame's log energy standing in for the dropped c0. */
function logMel(samples: Float32Array, sampleRate: number): { x: Float32Array; frames: number } {
  const f = computeFeatures(samples, sampleRate, BANDS - 1);
  const scale = Math.sqrt(2 / BANDS);
  const out = new Float32Array(f.frames * BANDS);
  for (let t = 0; t < f.frames; t++) {
    for (let b = 0; b < BANDS; b++) {
      let s = f.logEnergy[t]!;
      for (let c = 0; c < BANDS - 1; c++) s += scale * Math.cos((Math.PI * (c + 1) * (b + 0.5)) / BANDS) * f.mfcc[t * (BANDS - 1) + c]!;
      out[t * BANDS + b] = s;
    }
  }
  return { x: out, frames: f.frames };
}

/** log Φ(z), from the complementary error function (Numerical Recipes' erfc, 1.2e-7 relative error). */
function logPhi(z: number): number {
  const a = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * a);
  const poly = -a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return Math.log(Math.max(1e-300, z >= 0 ? 1 - 0.5 * erfc : 0.5 * erfc));
}

/** log p(y) when each log-mel band is the louder of voice a and voice b (the MIXMAX model), both diagonal GMMs. */
function mixmaxLogLikelihood(y: Float32Array, off: number, a: DiagGmm, b: DiagGmm): number {
  const terms: number[] = [];
  for (let i = 0; i < a.components; i++) {
    for (let j = 0; j < b.components; j++) {
      let s = Math.log(a.weights[i]! * b.weights[j]! + 1e-300);
      for (let d = 0; d < BANDS; d++) {
        const [pa, pb] = [a.invVars[i * BANDS + d]!, b.invVars[j * BANDS + d]!];
        const za = (y[off + d]! - a.means[i * BANDS + d]!) * Math.sqrt(pa);
        const zb = (y[off + d]! - b.means[j * BANDS + d]!) * Math.sqrt(pb);
        // a is the louder and b below it, or the other way round.
        const u = -0.5 * za * za - 0.9189385 + 0.5 * Math.log(pa) + logPhi(zb);
        const v = -0.5 * zb * zb - 0.9189385 + 0.5 * Math.log(pb) + logPhi(za);
        const m = Math.max(u, v);
        s += m + Math.log(Math.exp(u - m) + Math.exp(v - m));
      }
      terms.push(s);
    }
  }
  const top = Math.max(...terms);
  return top + Math.log(terms.reduce((sum, t) => sum + Math.exp(t - top), 0));
}

/**
 * Per block: how much better (nats a frame) the named voice and its runner-up together explain the block under
 * MIXMAX than the named voice alone, with log-mel GMMs trained on each speaker's turns.
 */
export function mixmaxGains(clip: DiarizedClip): number[] {
  const { x, frames } = logMel(clip.samples, clip.sampleRate);
  const speakers = [...new Set(clip.turns.map((t) => t.speaker))];
  const models = new Map(
    speakers.map((s) => [s, trainGmm(x, BANDS, clip.turns.filter((t) => t.speaker === s).flatMap((t) => frameRows(t.start, t.end, frames)), 8, 8, rng(7))]),
  );
  return clip.blocks.map((b) => {
    if (b.runnerUp < 0) return -Infinity;
    const rows = frameRows(b.start, b.start + BLOCK_SEC, frames).filter((_, i) => i % 2 === 0);
    const named = models.get(b.named)!;
    const other = models.get(b.runnerUp)!;
    const gain = rows.reduce((sum, f) => sum + mixmaxLogLikelihood(x, f * BANDS, named, other) - named.logLikelihood(x, f * BANDS), 0);
    return gain / Math.max(1, rows.length);
  });
}
