import "server-only";
import { readWavPcm } from "@/lib/media/wav";
import { runOffThread } from "@/lib/jobs/offthread";
import { diarize, type DiarizeOptions, type SpeakerTurn } from "./diarize";

export type DiarizedFile = { turns: SpeakerTurn[]; durationSec: number };

/** Reads a 16 kHz mono WAV and diarizes it, in this process. Runs in the child of diarizeWavOffThread. */
export async function diarizeWavFile(input: { wavPath: string; options: DiarizeOptions }): Promise<DiarizedFile> {
  const { samples, sampleRate } = await readWavPcm(input.wavPath);
  return { turns: diarize(samples, sampleRate, input.options), durationSec: samples.length / sampleRate };
}

/**
 * The worker's entry: diarization (features, clustering, resegmentation) takes
 * minutes of CPU on a long recording, so it runs in a child process that reads
 * the WAV itself; the worker's event loop keeps renewing the job's lock.
 */
export function diarizeWavOffThread(wavPath: string, options: DiarizeOptions, signal?: AbortSignal): Promise<DiarizedFile> {
  return runOffThread<DiarizedFile>("lib/diarization/diarize-file.ts", "diarizeWavFile", { wavPath, options }, { signal });
}
