// The live PCM path against generated tones of known frequency and length: the output is
// 16 kHz, as long as the input in time (however the input is split), keeps the tone's pitch
// and level, and is cut into exact, numbered little-endian chunks.
import { Chunker, LIVE_SAMPLE_RATE, PcmResampler, floatToS16, mixDown, rms, s16leBytes } from "./pcm";

function sine(freq: number, rate: number, seconds: number, amplitude = 0.5): Float32Array {
  const n = Math.round(rate * seconds);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = amplitude * Math.sin((2 * Math.PI * freq * i) / rate);
  return out;
}

/** Frequency from upward zero crossings (with a sub-sample position), skipping the first and last 10 ms. */
function measuredFrequency(samples: Int16Array, rate: number): number {
  const crossings: number[] = [];
  const skip = Math.round(rate * 0.01);
  for (let i = skip; i < samples.length - skip; i++) {
    const a = samples[i - 1]!;
    const b = samples[i]!;
    if (a < 0 && b >= 0) crossings.push(i - 1 + -a / (b - a));
  }
  return (crossings.length - 1) / ((crossings[crossings.length - 1]! - crossings[0]!) / rate);
}

function splitInto(input: Float32Array, sizes: number[]): Float32Array[] {
  const parts: Float32Array[] = [];
  let at = 0;
  let k = 0;
  while (at < input.length) {
    const size = sizes[k++ % sizes.length]!;
    parts.push(input.subarray(at, at + size));
    at += size;
  }
  return parts;
}

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

describe("floatToS16", () => {
  it("maps the float range onto s16 and clips beyond it", () => {
    expect(floatToS16(0)).toBe(0);
    expect(floatToS16(1)).toBe(32767);
    expect(floatToS16(-1)).toBe(-32768);
    expect(floatToS16(2)).toBe(32767);
    expect(floatToS16(-3)).toBe(-32768);
    expect(floatToS16(0.5)).toBe(16384);
  });
});

describe("PcmResampler", () => {
  it.each([48_000, 44_100, 16_000, 8_000])("turns 10 s of a 440 Hz tone at %i Hz into 10 s at 16 kHz with the same pitch and level", (rate) => {
    const input = sine(440, rate, 10);
    const r = new PcmResampler(rate);
    // Split like a worklet would (2048-frame blocks), plus odd sizes to catch carry errors.
    const out = concat(splitInto(input, [2048, 128, 1000, 7]).map((p) => r.push(p)));
    // Length: the whole input's duration, within one input sample (upsampling waits for the next one).
    expect(Math.abs(out.length - 10 * LIVE_SAMPLE_RATE)).toBeLessThanOrEqual(Math.max(1, Math.ceil(LIVE_SAMPLE_RATE / rate)));
    expect(measuredFrequency(out, LIVE_SAMPLE_RATE)).toBeCloseTo(440, 0);
    // A 0.5 sine has an RMS of 0.5/√2 ≈ 0.354 of full scale; the box filter barely touches 440 Hz.
    const level = rms(Float32Array.from(out, (v) => v / 32768));
    expect(level).toBeGreaterThan(0.34);
    expect(level).toBeLessThan(0.36);
    expect(r.outputSeconds).toBeCloseTo(out.length / LIVE_SAMPLE_RATE, 6);
  });

  it("damps a tone above the 8 kHz limit of 16 kHz audio instead of folding it back at full level", () => {
    const r = new PcmResampler(48_000);
    const out = r.push(sine(15_000, 48_000, 1));
    expect(rms(Float32Array.from(out, (v) => v / 32768))).toBeLessThan(0.12);
  });

  it("gives the same samples however the input is split", () => {
    const input = sine(1000, 44_100, 2);
    const whole = new PcmResampler(44_100).push(input);
    const r = new PcmResampler(44_100);
    const pieces = concat(splitInto(input, [3, 500, 129]).map((p) => r.push(p)));
    expect(pieces.length).toBe(whole.length);
    let maxDiff = 0;
    for (let i = 0; i < whole.length; i++) maxDiff = Math.max(maxDiff, Math.abs(whole[i]! - pieces[i]!));
    expect(maxDiff).toBeLessThanOrEqual(1);
  });
});

describe("mixDown", () => {
  it("averages sources sample by sample", () => {
    const a = Float32Array.from([1, 0.5, 0]);
    const b = Float32Array.from([0, 0.5, -1, 0.4]);
    expect(Array.from(mixDown([a, b]))).toEqual([0.5, 0.5, -0.5, 0.2].map((v) => Math.fround(v)));
  });
});

describe("Chunker", () => {
  it("cuts 0.5 s chunks numbered from the start seq, little-endian, keeping the remainder for the next push", () => {
    const samples = LIVE_SAMPLE_RATE / 2;
    const c = new Chunker(samples, 7);
    const first = c.push(new Int16Array(samples + 100).fill(-2));
    expect(first.map((x) => x.seq)).toEqual([7]);
    expect(first[0]!.bytes.length).toBe(samples * 2);
    // -2 as s16le is FE FF.
    expect(Array.from(first[0]!.bytes.subarray(0, 2))).toEqual([0xfe, 0xff]);
    expect(c.pendingSamples).toBe(100);
    const next = c.push(new Int16Array(2 * samples));
    expect(next.map((x) => x.seq)).toEqual([8, 9]);
    expect(c.pendingSamples).toBe(100);
    const tail = c.flush();
    expect(tail?.seq).toBe(10);
    expect(tail?.bytes.length).toBe(200);
    expect(c.flush()).toBeNull();
    expect(c.nextSeq).toBe(11);
  });

  it("keeps every sample: chunks joined equal the input", () => {
    const input = Int16Array.from({ length: 12_345 }, (_, i) => (i * 37) % 65536 - 32768);
    const c = new Chunker(1000);
    const chunks = [...c.push(input.subarray(0, 5000)), ...c.push(input.subarray(5000))];
    const tail = c.flush();
    if (tail) chunks.push(tail);
    const joined = new Uint8Array(chunks.reduce((n, x) => n + x.bytes.length, 0));
    let at = 0;
    for (const x of chunks) {
      joined.set(x.bytes, at);
      at += x.bytes.length;
    }
    expect(joined).toEqual(s16leBytes(input));
    expect(chunks.map((x) => x.seq)).toEqual(chunks.map((_, i) => i));
  });
});
