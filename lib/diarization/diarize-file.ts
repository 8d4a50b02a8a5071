import "server-only";
import { runOffThread } from "@/lib/jobs/offthread";
import { DEFAULT_TUNING, diarizeFeatures, type DiarizeOptions, type SpeakerTurn } from "./diarize";
import { computeFeaturesOfWav } from "./features";
import { sileroSpeechDetector, type SpeechRegion } from "./silero-vad";
import { forEachPcmBlock, readWavInfo } from "@/lib/media/wav";

export type DiarizedFile = { turns: SpeakerTurn[]; durationSec: number };

/** Reads a 16 kHz mono WAV and diarizes it, in this process. Runs in the child of diarizeWavOffThread. */
export async function diarizeWavFile(input: { wavPath: string; options: DiarizeOptions }): Promise<DiarizedFile> {
  // Features streamed from the file, never the whole sample array: memory grows with the features only (bench/speech-memory.ts).
  const feats = await computeFeaturesOfWav(input.wavPath, DEFAULT_TUNING.cepstra);
  const voiced = DEFAULT_TUNING.vad === "silero" ? await sileroOfWav(input.wavPath, feats.sampleRate) : undefined;
  return { turns: diarizeFeatures(feats, input.options, DEFAULT_TUNING, voiced), durationSec: feats.samples / feats.sampleRate };
}

/** Silero's speech regions of the WAV, read a block at a time; undefined when the model cannot run (the energy VAD decides). */
async function sileroOfWav(wavPath: string, sampleRate: number): Promise<SpeechRegion[] | undefined> {
  const detector = sileroSpeechDetector(sampleRate, DEFAULT_TUNING.sileroThreshold);
  if (!detector) return undefined;
  const info = await readWavInfo(wavPath);
  await forEachPcmBlock(wavPath, info, (mono) => detector.accept(Float32Array.from(mono, (v) => v / 32768)));
  return detector.finish();
}

/**
 * The worker's entry: diarization (features, clustering, resegmentation) takes
 * minutes of CPU on a long recording, so it runs in a child process that reads
 * the WAV itself; the worker's event loop keeps renewing the job's lock.
 */
export function diarizeWavOffThread(wavPath: string, options: DiarizeOptions, signal?: AbortSignal): Promise<DiarizedFile> {
  return runOffThread<DiarizedFile>("lib/diarization/diarize-file.ts", "diarizeWavFile", { wavPath, options }, { signal });
}

export interface Diarization {
  /** The turns; awaiting it is how a failure of the child process surfaces. */
  result: Promise<DiarizedFile>;
  /** Ends the child process if it still runs (the task failed or was cancelled first) and waits for it. */
  stop: () => Promise<void>;
}

/**
 * Starts diarizing in the background, beside the work that follows (the
 * pipeline transcribes meanwhile). `result` never rejects unobserved: a
 * failure is reported where it is awaited.
 */
export function startDiarization(wavPath: string, options: DiarizeOptions, signal?: AbortSignal): Diarization {
  const own = new AbortController();
  const both = signal ? AbortSignal.any([signal, own.signal]) : own.signal;
  const result = diarizeWavOffThread(wavPath, options, both);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  return {
    result,
    stop: async () => {
      own.abort(new Error("diarization no longer needed"));
      await settled;
    },
  };
}
