/**
 * The learned overlap detector of issue 28's experiments: a small MLP trained on mixtures made from the
 * single-speaker clips of shared/corpus (two different readers, a random level between them, a random room and
 * noise), framed by contextFeatures. It never sees shared/corpus/multi, which it is tested on.
 */
import os from "node:os";
import path from "node:path";
import { rng } from "@/lib/diarization/cluster";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { readManifest } from "./corpus";
import { contextFeatures } from "./overlap-cues";

const RATE = 16000;
type Clip = { reader: string; pcm: Float32Array };

/** Clips of one corpus reader share a prefix; every other clip is its own reader. */
function readerOf(file: string): string {
  const name = path.basename(file);
  return ["en_LJ", "en_librivox", "en_cards"].find((p) => name.startsWith(p)) ?? name;
}

export async function singleSpeakerClips(): Promise<Clip[]> {
  const clips: Clip[] = [];
  for (const c of readManifest().filter((m) => m.kind === "single")) {
    const wav = path.join(os.tmpdir(), `tingji-overlap-train-${path.basename(c.file)}.wav`);
    await normalizeToWav(c.path, wav);
    clips.push({ reader: readerOf(c.file), pcm: (await readWavPcm(wav)).samples });
  }
  return clips;
}

const gauss = (r: () => number) => Math.sqrt(-2 * Math.log(r() + 1e-12)) * Math.cos(2 * Math.PI * r());

function rms(x: Float32Array): number {
  let [sum, n] = [0, 0];
  for (const v of x) if (v !== 0) [sum, n] = [sum + v * v, n + 1];
  return Math.sqrt(sum / Math.max(1, n));
}

/** Frames (25 ms every 10 ms) where a clean source is within 30 dB of its loud level and not padding. */
function active(source: Float32Array, frames: number): Uint8Array {
  const level = Float32Array.from({ length: frames }, (_, f) => {
    let s = 0;
    for (let k = 0; k < 400; k++) s += (source[f * 160 + k] ?? 0) ** 2;
    return 10 * Math.log10(s / 400 + 1e-10);
  });
  const loud = Array.from(level).sort((a, b) => a - b)[Math.floor(frames * 0.95)]!;
  return Uint8Array.from(level, (v) => (v > loud - 30 && v > -90 ? 1 : 0));
}

function placed(pcm: Float32Array, length: number, at: number, total: number, r: () => number): Float32Array {
  const out = new Float32Array(total);
  const take = Math.min(length, pcm.length, total - at);
  const from = Math.floor(r() * (pcm.length - take));
  out.set(pcm.subarray(from, from + take), at);
  return out;
}

/** 6 s: reader a, then (60%) reader b starting while a still talks, else a again after a pause; room and noise. */
function mixture(clips: Clip[], r: () => number): { mix: Float32Array; overlap: Uint8Array; voiced: Uint8Array } {
  const total = 6 * RATE;
  const a = clips[Math.floor(r() * clips.length)]!;
  let b = a;
  while (b.reader === a.reader) b = clips[Math.floor(r() * clips.length)]!;
  const aLen = Math.floor((2.5 + 2 * r()) * RATE);
  const first = placed(a.pcm, aLen, 0, total, r);
  const two = r() < 0.6;
  const secondAt = two ? Math.floor((1 + 2.5 * r()) * RATE) : aLen + Math.floor(0.3 * RATE);
  const second = placed((two ? b : a).pcm, Math.floor((2 + 2 * r()) * RATE), secondAt, total, r);
  const gain = Math.pow(10, (-6 + 12 * r()) / 20) * (rms(first) / (rms(second) + 1e-9));
  let mix = Float32Array.from(first, (v, i) => v + gain * second[i]!);
  if (r() < 0.7) {
    // A sparse random room response: 300 echoes decaying over 0.1-0.7 s.
    const decay = (0.1 + 0.6 * r()) * RATE;
    const echoed = Float32Array.from(mix);
    for (let t = 0; t < 300; t++) {
      const delay = 1 + Math.floor(r() * decay);
      const g = 0.5 * gauss(r) * Math.exp((-6.9 * delay) / decay);
      for (let i = delay; i < total; i++) echoed[i]! += g * mix[i - delay]!;
    }
    mix = echoed;
  }
  if (r() < 0.7) {
    const noise = rms(mix) * Math.pow(10, -(10 + 30 * r()) / 20);
    for (let i = 0; i < total; i++) mix[i]! += noise * gauss(r);
  }
  const frames = Math.floor((total - 400) / 160) + 1;
  const [actA, actB] = [active(first, frames), active(second, frames)];
  return {
    mix,
    overlap: Uint8Array.from(actA, (v, f) => (two && v && actB[f] ? 1 : 0)),
    voiced: Uint8Array.from(actA, (v, f) => (v || actB[f] ? 1 : 0)),
  };
}

/** Frames (every third) of `count` mixtures: their context features and whether two readers are active. */
export function mixtureFrames(clips: Clip[], count: number, seed: number): { x: Float32Array; y: Uint8Array; n: number; dims: number } {
  const r = rng(seed);
  const rows: Float32Array[] = [];
  const labels: number[] = [];
  let dims = 0;
  for (let e = 0; e < count; e++) {
    const m = mixture(clips, r);
    const f = contextFeatures(m.mix, RATE);
    dims = f.dims;
    for (let t = 0; t < Math.min(f.frames, m.voiced.length); t += 3) {
      if (!m.voiced[t] || !f.speech[t]) continue;
      rows.push(f.x.subarray(t * dims, (t + 1) * dims));
      labels.push(m.overlap[t]!);
    }
  }
  const x = new Float32Array(rows.length * dims);
  rows.forEach((row, i) => x.set(row, i * dims));
  return { x, y: Uint8Array.from(labels), n: labels.length, dims };
}

/** One hidden tanh layer, sigmoid out, inputs standardised; class-balanced cross-entropy, Adam. */
export class OverlapMlp {
  private readonly w1: Float64Array;
  private readonly b1: Float64Array;
  private readonly w2: Float64Array;
  private b2 = 0;
  private readonly mean: Float64Array;
  private readonly sd: Float64Array;
  private readonly hidden: Float64Array;
  private readonly input: Float64Array;

  constructor(
    private readonly dims: number,
    private readonly units: number,
    r: () => number,
  ) {
    this.w1 = Float64Array.from({ length: dims * units }, () => gauss(r) / Math.sqrt(dims));
    this.b1 = new Float64Array(units);
    this.w2 = Float64Array.from({ length: units }, () => gauss(r) / Math.sqrt(units));
    this.mean = new Float64Array(dims);
    this.sd = new Float64Array(dims).fill(1);
    this.hidden = new Float64Array(units);
    this.input = new Float64Array(dims);
  }

  /** P(overlap) for the row of `x` at `offset`. */
  predict(x: Float32Array, offset: number): number {
    let out = this.b2;
    for (let i = 0; i < this.dims; i++) this.input[i] = (x[offset + i]! - this.mean[i]!) / this.sd[i]!;
    for (let j = 0; j < this.units; j++) {
      let s = this.b1[j]!;
      for (let i = 0; i < this.dims; i++) s += this.w1[j * this.dims + i]! * this.input[i]!;
      this.hidden[j] = Math.tanh(s);
      out += this.w2[j]! * this.hidden[j]!;
    }
    return 1 / (1 + Math.exp(-out));
  }

  train(data: { x: Float32Array; y: Uint8Array; n: number }, epochs: number, r: () => number): void {
    const { x, y, n } = data;
    const d = this.dims;
    for (let i = 0; i < d; i++) {
      let [sum, sq] = [0, 0];
      for (let k = 0; k < n; k++) [sum, sq] = [sum + x[k * d + i]!, sq + x[k * d + i]! ** 2];
      this.mean[i] = sum / n;
      this.sd[i] = Math.sqrt(Math.max(1e-8, sq / n - (sum / n) ** 2));
    }
    const params = [this.w1, this.b1, this.w2];
    const m = params.map((p) => new Float64Array(p.length));
    const v = params.map((p) => new Float64Array(p.length));
    let [mb, vb, step] = [0, 0, 0];
    const positives = y.reduce((s, l) => s + l, 0);
    const weight = [n / (2 * (n - positives)), n / (2 * positives)];
    const order = Array.from({ length: n }, (_, i) => i);
    const batch = 64;
    const rate = 0.003;
    for (let e = 0; e < epochs; e++) {
      for (let i = n - 1; i > 0; i--) {
        const j = Math.floor(r() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (let s = 0; s < n; s += batch) {
        const grads = params.map((p) => new Float64Array(p.length));
        let gb = 0;
        for (const k of order.slice(s, s + batch)) {
          const err = weight[y[k]!]! * (this.predict(x, k * d) - y[k]!);
          gb += err;
          for (let j = 0; j < this.units; j++) {
            grads[2]![j] += err * this.hidden[j]!;
            const back = err * this.w2[j]! * (1 - this.hidden[j]! ** 2);
            grads[1]![j] += back;
            for (let i = 0; i < d; i++) grads[0]![j * d + i] += back * this.input[i]!;
          }
        }
        step++;
        const [c1, c2] = [1 - 0.9 ** step, 1 - 0.999 ** step];
        params.forEach((p, pi) => {
          for (let i = 0; i < p.length; i++) {
            const g = grads[pi]![i]! / batch;
            m[pi]![i] = 0.9 * m[pi]![i]! + 0.1 * g;
            v[pi]![i] = 0.999 * v[pi]![i]! + 0.001 * g * g;
            p[i]! -= (rate * (m[pi]![i]! / c1)) / (Math.sqrt(v[pi]![i]! / c2) + 1e-8);
          }
        });
        mb = 0.9 * mb + (0.1 * gb) / batch;
        vb = 0.999 * vb + 0.001 * (gb / batch) ** 2;
        this.b2 -= (rate * (mb / c1)) / (Math.sqrt(vb / c2) + 1e-8);
      }
    }
  }
}
