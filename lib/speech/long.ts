import "server-only";
import fsp from "node:fs/promises";
import os from "node:os";
import { env } from "@/lib/server/env";
import { splitAtPauses, type AudioChunk } from "@/lib/media/pauses";
import { readWavInfo } from "@/lib/media/wav";
import { chunkKey, type ChunkCache } from "./chunk-cache";
import { ANONYMOUS_CLAIM, decoderSlots, fairChunking, type DecodeClaim } from "./decoder-slots";
import { DecodeProgress } from "./decode-progress";
import { inSimplifiedChinese } from "./chinese-script";
import type { ChunkPlan, DecodeProfile, KnownSpeaker, SpeechEngine, SpeechResult, SpeechSegment } from "./types";

const DEFAULT_PLAN: ChunkPlan = { targetChunkSec: 45, maxChunkSec: 60 };

export interface TranscribeLongOptions {
  engine: SpeechEngine;
  hotwords?: string[];
  /** For a diarizing engine: people it should name itself (not part of the chunk cache key: the clips are large). */
  knownSpeakers?: KnownSpeaker[];
  language?: string;
  /** Decoding profile for every chunk ("fast" / "accurate"); part of the chunk cache key. */
  profile?: DecodeProfile;
  /** Chunks in flight at once; default SPEECH_PARALLELISM, else one per core. */
  parallelism?: number;
  /** Whose work this is: each chunk waits for one of the worker's decoder slots in the fair order (lib/speech/decoder-slots.ts). */
  claim?: DecodeClaim;
  /** Scratch folder for the chunk files; created if missing, chunks removed after use. */
  workDir: string;
  /**
   * Fraction of the audio done, 0..1, by duration: finished chunks whole, decoding ones
   * estimated from their decoding time (lib/speech/decode-progress.ts), about once a second;
   * `waiting` while none of its chunks has a decoder slot (others' chunks hold them all).
   */
  onProgress?: (fraction: number, state: { waiting: boolean }) => void;
  signal?: AbortSignal;
  /**
   * Keeps each chunk's transcript (lib/speech/chunk-cache.ts): chunks already
   * transcribed by an earlier attempt are read back, not sent again, and a
   * failing chunk lets the chunks in flight finish (they are paid for) instead
   * of aborting them.
   */
  cache?: ChunkCache;
  /** Overrides the engine's chunk sizes (tests). */
  chunking?: ChunkPlan;
  /** Where the files of a merged recording meet (seconds): chunks are always cut there. */
  joinsSec?: number[];
}

/**
 * Transcribes a 16 kHz mono WAV of any length: cuts it at pauses into the
 * engine's chunk size, runs `parallelism` chunks at a time (one pocketsphinx
 * process per core), shifts each chunk's times by its start and merges the
 * segments in order. The first failing chunk stops the rest (in flight ones
 * are aborted unless a cache keeps their answers).
 */
export async function transcribeLong(wavPath: string, opts: TranscribeLongOptions): Promise<SpeechResult> {
  const { engine, onProgress } = opts;
  // Short chunks for the embedded engine, so a newcomer never waits long for a slot (lib/speech/decoder-slots.ts).
  const plan = opts.chunking ?? fairChunking(engine) ?? DEFAULT_PLAN;
  const request = { language: opts.language, hotwords: opts.hotwords, ...(opts.profile ? { profile: opts.profile } : {}) };
  const info = await readWavInfo(wavPath);
  const progress = new DecodeProgress({ engine: engine.name, totalSec: info.durationSec, report: (f, state) => onProgress?.(f, state) });
  progress.begin();
  const claim = opts.claim ?? ANONYMOUS_CLAIM;
  if (info.durationSec <= plan.maxChunkSec && !opts.joinsSec?.length) {
    try {
      const result = await decoderSlots().run(claim, info.durationSec, opts.signal, async () => {
        progress.started(0, info.durationSec);
        return engine.transcribe(wavPath, { ...request, knownSpeakers: opts.knownSpeakers, signal: opts.signal });
      });
      progress.complete();
      return inSimplifiedChinese(result, opts.language);
    } finally {
      progress.stop();
    }
  }

  const chunks = await splitAtPauses(wavPath, { ...plan, outDir: opts.workDir, joinsSec: opts.joinsSec });
  const parallelism = Math.max(1, Math.min(chunks.length, opts.parallelism ?? env().SPEECH_PARALLELISM ?? os.availableParallelism()));
  const failed = new AbortController();
  const signal = opts.signal ? AbortSignal.any([opts.signal, failed.signal]) : failed.signal;
  const { cache } = opts;
  // Up to `parallelism` chunks wait for a slot at once; the slots (one per core, shared by every task) decide who decodes.
  const slots = decoderSlots().open(claim);
  let stop = false;
  const results: SpeechResult[] = new Array(chunks.length);
  let next = 0;

  const worker = async () => {
    while (next < chunks.length && !signal.aborted && !stop) {
      const i = next++;
      const chunk = chunks[i]!;
      try {
        const key = cache ? await chunkKey(i, chunk.path, { engine: engine.name, model: engine.model, request }) : "";
        let result = cache ? await cache.get(key) : null;
        const decoded = !result;
        if (!result) {
          const release = await slots.acquire(chunk.endSec - chunk.startSec, signal);
          try {
            progress.started(i, chunk.endSec - chunk.startSec);
            result = await engine.transcribe(chunk.path, { ...request, knownSpeakers: opts.knownSpeakers, signal });
          } finally {
            release();
          }
          if (cache) await cache.put(key, result);
        }
        // Mandarin in one script, Simplified, whatever mix the service wrote (lib/speech/chinese-script.ts).
        results[i] = shift(inSimplifiedChinese(result, opts.language), chunk);
        progress.finished(i, chunk.endSec - chunk.startSec, decoded);
      } catch (e) {
        stop = true;
        if (!cache) failed.abort();
        throw e;
      } finally {
        await fsp.rm(chunk.path, { force: true });
      }
    }
  };
  try {
    const settled = await Promise.allSettled(Array.from({ length: parallelism }, worker));
    // Report the cause, not the AbortErrors it caused in the other workers.
    const errors = settled.flatMap((s) => (s.status === "rejected" ? [s.reason as unknown] : []));
    if (opts.signal?.aborted) throw opts.signal.reason ?? new Error("aborted");
    if (errors.length) throw errors.find((e) => !(e instanceof Error && e.name === "AbortError")) ?? errors[0];
    progress.complete();
  } finally {
    progress.stop();
    slots.close();
    await Promise.all(chunks.map((c) => fsp.rm(c.path, { force: true })));
  }
  return { language: majorityLanguage(results), segments: results.flatMap((r) => r.segments) };
}

function shift(result: SpeechResult, chunk: AudioChunk): SpeechResult {
  const offset = Math.round(chunk.startSec * 1000);
  const segments: SpeechSegment[] = result.segments.map((s) => ({
    ...s,
    begin: s.begin + offset,
    end: s.end + offset,
    ...(s.words ? { words: s.words.map((w) => ({ ...w, begin: w.begin + offset, end: w.end + offset })) } : {}),
  }));
  return { language: result.language, segments };
}

function majorityLanguage(results: SpeechResult[]): string | undefined {
  const votes = new Map<string, number>();
  for (const r of results) if (r.language) votes.set(r.language, (votes.get(r.language) ?? 0) + r.segments.length + 1);
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}
