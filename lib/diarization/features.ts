import "server-only";
import { forEachPcmBlock, readWavInfo } from "@/lib/media/wav";

/** Frame step of every frame-level feature, in seconds. */
export const FRAME_STEP = 0.01;
const FRAME_LENGTH = 0.025;
const MEL_BANDS = 40;
const MEL_LOW_HZ = 60;
const MEL_HIGH_HZ = 7600;

export type Features = {
  /** Frame count; frame i is centred near i * FRAME_STEP seconds. */
  frames: number;
  /** Cepstral coefficients c1..c(dims), row-major frames x dims. */
  mfcc: Float32Array;
  dims: number;
  /** Log energy per frame (natural log of mean power), used by the VAD. */
  logEnergy: Float32Array;
};

/**
 * 25 ms Hamming frames every 10 ms, 40 log-mel bands up to 7.6 kHz (or
 * Nyquist), DCT-II to cepstra. c0 is dropped: it tracks loudness, not voice.
 * Works at any sample rate: frame sizes are in seconds and the FFT is the next
 * power of two.
 */
export function computeFeatures(pcm: Float32Array, sampleRate: number, dims = 19): Features {
  const ex = featureExtractor(sampleRate, dims, pcm.length);
  for (let f = 0; f < ex.features.frames; f++) ex.frame(pcm, f * ex.hop, f);
  return ex.features;
}

/**
 * The same features read from a 16-bit WAV a block at a time: memory for the
 * features (≈ 8 KB a second) instead of every sample (64 KB a second), so a
 * 3-hour recording's diarization needs far less than 3× an hour's.
 */
export async function computeFeaturesOfWav(wavPath: string, dims = 19): Promise<Features & { sampleRate: number; samples: number }> {
  const info = await readWavInfo(wavPath);
  const samples = info.dataBytes / (2 * info.channels);
  const ex = featureExtractor(info.sampleRate, dims, samples);
  let pending = new Float32Array(0);
  let base = 0; // sample index of pending[0]
  let f = 0;
  await forEachPcmBlock(wavPath, info, (mono) => {
    const joined = new Float32Array(pending.length + mono.length);
    joined.set(pending);
    // The same scaling as readWavPcm, so the features match computeFeatures on its samples.
    for (let i = 0; i < mono.length; i++) joined[pending.length + i] = mono[i]! / 32768;
    for (; f < ex.features.frames && f * ex.hop + ex.frameLen <= base + joined.length; f++) ex.frame(joined, f * ex.hop - base, f);
    const keepFrom = Math.min(f * ex.hop, base + joined.length);
    pending = joined.slice(keepFrom - base);
    base = keepFrom;
  });
  return { ...ex.features, sampleRate: info.sampleRate, samples };
}

/** Feature rows for `samples` samples, filled one frame at a time by `frame(pcm, offset, index)`. */
function featureExtractor(sampleRate: number, dims: number, samples: number) {
  const frameLen = Math.round(FRAME_LENGTH * sampleRate);
  const hop = Math.round(FRAME_STEP * sampleRate);
  const frames = samples < frameLen ? 0 : 1 + Math.floor((samples - frameLen) / hop);
  let nfft = 1;
  while (nfft < frameLen) nfft <<= 1;
  const fft = new RealFft(nfft);
  const window = new Float32Array(frameLen);
  for (let i = 0; i < frameLen; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (frameLen - 1));
  const bank = melBank(nfft, sampleRate);
  const dct = dctMatrix(MEL_BANDS, dims);

  const mfcc = new Float32Array(frames * dims);
  const logEnergy = new Float32Array(frames);
  const buf = new Float64Array(nfft);
  const power = new Float64Array(nfft / 2 + 1);
  const logMel = new Float64Array(MEL_BANDS);
  const frame = (pcm: Float32Array, off: number, f: number) => {
    let mean = 0;
    for (let i = 0; i < frameLen; i++) mean += pcm[off + i];
    mean /= frameLen;
    // Remove DC, pre-emphasise (flattens the spectral tilt of voiced speech), window.
    let prev = pcm[off] - mean;
    let energy = 0;
    for (let i = 0; i < frameLen; i++) {
      const x = pcm[off + i] - mean;
      energy += x * x;
      buf[i] = (x - 0.97 * prev) * window[i];
      prev = x;
    }
    buf.fill(0, frameLen);
    logEnergy[f] = Math.log(energy / frameLen + 1e-10);
    fft.powerSpectrum(buf, power);
    for (let b = 0; b < MEL_BANDS; b++) {
      const { first, weights } = bank[b];
      let s = 0;
      for (let k = 0; k < weights.length; k++) s += weights[k] * power[first + k];
      logMel[b] = Math.log(s + 1e-8);
    }
    const row = f * dims;
    for (let c = 0; c < dims; c++) {
      let s = 0;
      const d = c * MEL_BANDS;
      for (let b = 0; b < MEL_BANDS; b++) s += dct[d + b] * logMel[b];
      mfcc[row + c] = s;
    }
  };
  return { features: { frames, mfcc, dims, logEnergy } as Features, frame, hop, frameLen };
}

function melBank(nfft: number, sampleRate: number): { first: number; weights: Float64Array }[] {
  const toMel = (hz: number) => 1127 * Math.log(1 + hz / 700);
  const toHz = (mel: number) => 700 * (Math.exp(mel / 1127) - 1);
  const high = Math.min(MEL_HIGH_HZ, sampleRate / 2);
  const lo = toMel(MEL_LOW_HZ);
  const hi = toMel(high);
  const edges: number[] = [];
  for (let i = 0; i < MEL_BANDS + 2; i++) edges.push(toHz(lo + ((hi - lo) * i) / (MEL_BANDS + 1)));
  const binHz = sampleRate / nfft;
  const bank: { first: number; weights: Float64Array }[] = [];
  for (let b = 0; b < MEL_BANDS; b++) {
    const [l, c, r] = [edges[b], edges[b + 1], edges[b + 2]];
    const first = Math.ceil(l / binHz);
    const last = Math.min(nfft / 2, Math.floor(r / binHz));
    const weights = new Float64Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) {
      const hz = k * binHz;
      weights[k - first] = hz <= c ? (hz - l) / (c - l) : (r - hz) / (r - c);
    }
    bank.push({ first, weights });
  }
  return bank;
}

/** Rows c = 1..dims of an orthonormal DCT-II over `bands` inputs. */
function dctMatrix(bands: number, dims: number): Float64Array {
  const m = new Float64Array(dims * bands);
  const scale = Math.sqrt(2 / bands);
  for (let c = 0; c < dims; c++) {
    for (let b = 0; b < bands; b++) m[c * bands + b] = scale * Math.cos((Math.PI * (c + 1) * (b + 0.5)) / bands);
  }
  return m;
}

/**
 * Real-input FFT of size n done as one complex FFT of size n/2 (the even and
 * odd samples as real and imaginary parts), then untangled: half the work of a
 * plain complex FFT, which matters for hour-long recordings.
 */
export class RealFft {
  private readonly half: number;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly rev: Uint32Array;

  constructor(readonly n: number) {
    if (n < 4 || (n & (n - 1)) !== 0) throw new Error("FFT size must be a power of two >= 4");
    const half = (this.half = n / 2);
    this.re = new Float64Array(half);
    this.im = new Float64Array(half);
    this.cos = new Float64Array(half);
    this.sin = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      this.cos[k] = Math.cos((2 * Math.PI * k) / n);
      this.sin[k] = Math.sin((2 * Math.PI * k) / n);
    }
    const bits = Math.log2(half);
    this.rev = new Uint32Array(half);
    for (let i = 0; i < half; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >> b) & 1) << (bits - 1 - b);
      this.rev[i] = r;
    }
  }

  /** |X[k]|^2 for k = 0..n/2 of the real signal `x` (length n). */
  powerSpectrum(x: Float64Array, out: Float64Array): void {
    this.spectrum(x, out, null);
  }

  /** Re X[k] for k = 0..n/2 (for real, even inputs such as a log spectrum, X is real). */
  realPart(x: Float64Array, out: Float64Array): void {
    this.spectrum(x, null, out);
  }

  private spectrum(x: Float64Array, power: Float64Array | null, real: Float64Array | null): void {
    const { half, re, im, cos, sin, rev } = this;
    for (let i = 0; i < half; i++) {
      const j = rev[i];
      re[j] = x[2 * i];
      im[j] = x[2 * i + 1];
    }
    // Radix-2 butterflies on the half-size complex signal; twiddles of size n/2
    // are every other twiddle of size n.
    for (let size = 2; size <= half; size <<= 1) {
      const step = (2 * half) / size;
      const h = size >> 1;
      for (let start = 0; start < half; start += size) {
        for (let k = 0; k < h; k++) {
          const wr = cos[k * step];
          const wi = -sin[k * step];
          const a = start + k;
          const b = a + h;
          const tr = re[b] * wr - im[b] * wi;
          const ti = re[b] * wi + im[b] * wr;
          re[b] = re[a] - tr;
          im[b] = im[a] - ti;
          re[a] += tr;
          im[a] += ti;
        }
      }
    }
    // Split Z[k] into the spectra of even (E) and odd (O) samples: X = E + W^k O.
    for (let k = 0; k <= half; k++) {
      const k1 = k % half;
      const k2 = (half - k) % half;
      const zr = re[k1];
      const zi = im[k1];
      const cr = re[k2];
      const ci = -im[k2];
      const er = (zr + cr) / 2;
      const ei = (zi + ci) / 2;
      const or = (zi - ci) / 2;
      const oi = -(zr - cr) / 2;
      const wr = k < half ? cos[k] : -1;
      const wi = k < half ? -sin[k] : 0;
      const xr = er + wr * or - wi * oi;
      const xi = ei + wr * oi + wi * or;
      if (power) power[k] = xr * xr + xi * xi;
      if (real) real[k] = xr;
    }
  }
}
