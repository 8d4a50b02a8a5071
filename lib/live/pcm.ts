// Pure audio arithmetic for live recording, shared by the browser capture and its tests:
// float samples at the audio context's rate → 16 kHz mono PCM s16le, cut into numbered chunks.
// Nothing here touches the DOM, so jest checks it against generated tones.

export const LIVE_SAMPLE_RATE = 16_000;

/** One float sample (-1..1) as a signed 16-bit integer, clipped. */
export function floatToS16(x: number): number {
  const c = x > 1 ? 1 : x < -1 ? -1 : x;
  return c < 0 ? Math.round(c * 0x8000) : Math.round(c * 0x7fff);
}

/** Root mean square of a block, 0..1 (the level meter and the silence check). */
export function rms(block: Float32Array): number {
  if (block.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < block.length; i++) sum += block[i]! * block[i]!;
  return Math.sqrt(sum / block.length);
}

/**
 * Streaming resampler to 16 kHz s16. Downsampling averages the input over each output
 * sample's window (a box filter, enough to keep speech-band aliasing out), upsampling
 * interpolates linearly. It keeps its position across blocks, so the output length tracks
 * input length × ratio exactly however the input is split (no drift over an hour).
 */
export class PcmResampler {
  private readonly step: number;
  /** Output samples produced so far (absolute). */
  private produced = 0;
  /** Input samples not yet fully used (the tail of the previous block). */
  private carry: Float32Array = new Float32Array(0);
  private carryStart = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number = LIVE_SAMPLE_RATE,
  ) {
    if (!(inputRate > 0) || !(outputRate > 0)) throw new RangeError("sample rates must be positive");
    this.step = inputRate / outputRate;
  }

  push(input: Float32Array): Int16Array {
    const buf = new Float32Array(this.carry.length + input.length);
    buf.set(this.carry, 0);
    buf.set(input, this.carry.length);
    const bufStart = this.carryStart;
    const bufEnd = bufStart + buf.length;
    const out: number[] = [];
    for (;;) {
      const from = this.produced * this.step;
      const to = (this.produced + 1) * this.step;
      // Downsampling needs the whole window; upsampling needs the next sample to interpolate.
      const needed = this.step >= 1 ? Math.ceil(to) : Math.floor(from) + 2;
      if (needed > bufEnd) break;
      let value: number;
      if (this.step >= 1) {
        const a = Math.floor(from);
        const b = Math.ceil(to);
        let sum = 0;
        let weight = 0;
        for (let i = a; i < b; i++) {
          // Partial weight for the samples the window only covers in part.
          const w = Math.min(i + 1, to) - Math.max(i, from);
          if (w <= 0) continue;
          sum += buf[i - bufStart]! * w;
          weight += w;
        }
        value = weight > 0 ? sum / weight : 0;
      } else {
        const i = Math.floor(from);
        const frac = from - i;
        value = buf[i - bufStart]! * (1 - frac) + buf[i + 1 - bufStart]! * frac;
      }
      out.push(floatToS16(value));
      this.produced++;
    }
    const keepFrom = Math.max(bufStart, Math.floor(this.produced * this.step));
    this.carry = buf.slice(keepFrom - bufStart);
    this.carryStart = keepFrom;
    return Int16Array.from(out);
  }

  /** Seconds of output produced so far. */
  get outputSeconds(): number {
    return this.produced / this.outputRate;
  }
}

/** Several channels (or sources) summed into one, each at `gain` (1/n keeps a mix from clipping). */
export function mixDown(channels: readonly Float32Array[], gain = channels.length > 0 ? 1 / channels.length : 1): Float32Array {
  const length = channels.reduce((m, c) => Math.max(m, c.length), 0);
  const out = new Float32Array(length);
  for (const ch of channels) for (let i = 0; i < ch.length; i++) out[i]! += ch[i]! * gain;
  return out;
}

export interface PcmChunk {
  seq: number;
  /** PCM s16le bytes, mono, 16 kHz. */
  bytes: Uint8Array;
}

/** s16 samples as little-endian bytes (the wire format), whatever the machine's byte order. */
export function s16leBytes(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return out;
}

/** Cuts a stream of samples into numbered chunks of exactly `chunkSamples` (the last one may be short, on flush). */
export class Chunker {
  private pending: Int16Array = new Int16Array(0);

  constructor(
    readonly chunkSamples: number,
    public nextSeq = 0,
  ) {
    if (!Number.isInteger(chunkSamples) || chunkSamples <= 0) throw new RangeError("chunkSamples must be a positive integer");
  }

  push(samples: Int16Array): PcmChunk[] {
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending, 0);
    all.set(samples, this.pending.length);
    const chunks: PcmChunk[] = [];
    let at = 0;
    while (all.length - at >= this.chunkSamples) {
      chunks.push({ seq: this.nextSeq++, bytes: s16leBytes(all.subarray(at, at + this.chunkSamples)) });
      at += this.chunkSamples;
    }
    this.pending = all.slice(at);
    return chunks;
  }

  /** What is left as a last, shorter chunk (on pause or stop), or null when nothing is. */
  flush(): PcmChunk | null {
    if (this.pending.length === 0) return null;
    const chunk = { seq: this.nextSeq++, bytes: s16leBytes(this.pending) };
    this.pending = new Int16Array(0);
    return chunk;
  }

  /** Samples waiting for the next chunk. */
  get pendingSamples(): number {
    return this.pending.length;
  }
}
