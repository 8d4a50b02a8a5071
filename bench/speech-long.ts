/**
 * A long recording through the worker's transcription path with the embedded
 * pocketsphinx engine: normalize → transcribeLong (cut at pauses, one
 * pocketsphinx process per core) → read PCM → diarize → assignSpeakers, the
 * same functions lib/tasks/pipeline.ts calls, minus the database and storage.
 *
 *   npx tsx --conditions=react-server bench/speech-long.ts               # 60 minutes, print
 *   npx tsx --conditions=react-server bench/speech-long.ts --minutes 5   # a quick run
 *   npx tsx --conditions=react-server bench/speech-long.ts --record      # and write bench/README.md
 *   npx tsx --conditions=react-server bench/speech-long.ts --args "-maxwpf 10 -maxhmmpf 5000"  # other decoder flags
 *
 * The recording is the English clips of shared/corpus single/ and multi/
 * concatenated over and over (16 kHz mono WAV, built with ffmpeg in a temp
 * folder) and cut to the length asked. Measures wall time, real-time factor,
 * peak resident memory of this process plus its children (sampled every
 * 500 ms from /proc on a worker thread), and the time the pipeline spends
 * outside the engine. Target: 60 minutes in under 15 minutes on two cores.
 */
import { execFileSync } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { assignSpeakers } from "@/lib/diarization/assign";
import { startDiarization } from "@/lib/diarization/diarize-file";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { env } from "@/lib/server/env";
import { transcribeLong } from "@/lib/speech/long";
import { batchDecoderCpuSec, batchDecodersSpawned, closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { FAST_DECODER_ARGS, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import type { SpeechEngine } from "@/lib/speech/types";
import { readManifest } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { cpuSeconds, RssSampler } from "./lib/proc";
import { writeReadmeSection } from "./lib/readme";

const TARGET_SEC_PER_HOUR = 15 * 60;

export interface SpeechLongReport {
  minutes: number;
  audioSec: number;
  parallelism: number;
  decoderArgs: string[];
  chunks: number;
  wallSec: number;
  rtf: number;
  /** diarizeSec: the wait for diarization after transcription ended; diarizeOverlapSec: how long it ran beside transcription. */
  phases: { normalizeSec: number; transcribeSec: number; diarizeSec: number; diarizeOverlapSec: number; assignSec: number };
  /** modelLoadSec: one new process's start and model load; decoderStarts: how many processes loaded the model in this run. */
  engine: { calls: number; busySec: number; callSec: number; modelLoadSec: number; childCpuSec: number; decoderStarts: number };
  overheadSec: number;
  idleSlotSec: number;
  memory: { phase: string; treeMiB: number; selfMiB: number; childrenMiB: number }[];
  peakTreeMiB: number;
  segments: number;
  words: number;
  speakers: number;
  entries: number;
  withinTarget: boolean;
}

/** The English clips the recording is made of, in manifest order. */
function sourceClips(): string[] {
  return readManifest()
    .filter((c) => c.language === "en" && (c.file.startsWith("single/") || c.file.startsWith("multi/")))
    .map((c) => c.path);
}

/** Builds a `minutes`-long 16 kHz mono WAV from the clips repeated end to end. */
export async function buildRecording(dir: string, minutes: number): Promise<string> {
  const parts: { wav: string; sec: number }[] = [];
  for (const [i, clip] of sourceClips().entries()) {
    const wav = path.join(dir, `clip-${String(i).padStart(2, "0")}.wav`);
    await normalizeToWav(clip, wav);
    parts.push({ wav, sec: (await readWavInfo(wav)).durationSec });
  }
  const cycleSec = parts.reduce((n, p) => n + p.sec, 0);
  const cycles = Math.ceil((minutes * 60) / cycleSec);
  const list = path.join(dir, "list.txt");
  const lines: string[] = [];
  for (let c = 0; c < cycles; c++) for (const p of parts) lines.push(`file '${p.wav}'`);
  await fsp.writeFile(list, `${lines.join("\n")}\n`);
  const out = path.join(dir, `recording-${minutes}min.wav`);
  execFileSync("ffmpeg", [
    "-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list,
    "-t", String(minutes * 60), "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", out,
  ]);
  for (const p of parts) await fsp.rm(p.wav);
  return out;
}

/**
 * Wraps an engine to measure it: the union of the time at least one call is
 * running (busy), the sum of the calls' durations, and their number.
 */
function measured(engine: SpeechEngine) {
  const stats = { calls: 0, callMs: 0, busyMs: 0 };
  let inFlight = 0;
  let busySince = 0;
  const wrapped: SpeechEngine = {
    ...engine,
    async transcribe(wavPath, opts) {
      const t0 = performance.now();
      if (inFlight++ === 0) busySince = t0;
      try {
        return await engine.transcribe(wavPath, opts);
      } finally {
        const t1 = performance.now();
        stats.calls++;
        stats.callMs += t1 - t0;
        if (--inFlight === 0) stats.busyMs += t1 - busySince;
      }
    },
  };
  return { engine: wrapped, stats };
}

/** Time one new pocketsphinx process takes to start and load its model, from a half-second silent file (what each chunk paid before decoders were reused). */
async function modelLoadSec(decoderArgs: string[], dir: string): Promise<number> {
  const silence = path.join(dir, "silence.wav");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "0.5", "-c:a", "pcm_s16le", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", silence]);
  const fresh = pocketsphinxEngine({ decoderArgs, reuseDecoders: false });
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    await fresh.transcribe(silence, {});
    runs.push((performance.now() - t0) / 1000);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

export async function runSpeechLongBench(opts: { record?: boolean; minutes?: number; decoderArgs?: string[]; reuseDecoders?: boolean } = {}): Promise<SpeechLongReport> {
  const minutes = opts.minutes ?? 60;
  const decoderArgs = opts.decoderArgs ?? FAST_DECODER_ARGS;
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-speech-long-"));
  try {
    console.log(`speech-long: building a ${minutes}-minute recording in ${tmp}`);
    const source = await buildRecording(tmp, minutes);
    const audioSec = (await readWavInfo(source)).durationSec;
    const base = pocketsphinxEngine({ decoderArgs, reuseDecoders: opts.reuseDecoders });
    const loadSec = await modelLoadSec(decoderArgs, tmp);
    closeBatchDecoders();
    const spawned0 = batchDecodersSpawned();
    const { engine, stats } = measured(base);
    const parallelism = env().SPEECH_PARALLELISM ?? os.availableParallelism();

    const sampler = new RssSampler(["normalize", "transcribe", "diarize (rest)", "assign"]);
    const start = performance.now();
    let mark = start;
    const lap = () => {
      const now = performance.now();
      const sec = (now - mark) / 1000;
      mark = now;
      return sec;
    };

    // prepare: the worker normalises every upload, even one that is already WAV.
    const wav = path.join(tmp, "work", "normalized.wav");
    await normalizeToWav(source, wav);
    await fsp.rm(source);
    const normalizeSec = lap();

    sampler.phase(1);
    const cpu0 = cpuSeconds().children + batchDecoderCpuSec();
    // As lib/tasks/pipeline.ts: diarization (a child process) runs beside the transcription.
    const diarizing = startDiarization(wav, {});
    let diarizedAt = 0;
    void diarizing.result.then(() => (diarizedAt = performance.now()), () => undefined);
    let reported = 0;
    const speech = await transcribeLong(wav, {
      engine,
      workDir: path.join(tmp, "work", "chunks"),
      onProgress: (f) => {
        if (f >= reported + 0.1 || f === 1) {
          reported = f;
          console.log(`  transcribed ${(f * 100).toFixed(0)}% after ${((performance.now() - start) / 1000).toFixed(0)} s`);
        }
      },
    });
    const transcribedAt = performance.now();
    const transcribeSec = lap();
    // Decoders' CPU: the reused ones report their own; per-call ones have exited (the diarization child has not, unless it ended first).
    const engineCpuSec = cpuSeconds().children + batchDecoderCpuSec() - cpu0;
    const decoderStarts = batchDecodersSpawned() - spawned0;
    closeBatchDecoders();

    sampler.phase(2);
    const segments = speech.segments.filter((s) => s.text.trim());
    const { turns } = await diarizing.result;
    const diarizeSec = lap();
    const diarizeOverlapSec = Math.max(0, (Math.min(diarizedAt, transcribedAt) - (transcribedAt - transcribeSec * 1000)) / 1000);
    sampler.phase(3);
    const entries = assignSpeakers(segments, turns);
    const assignSec = lap();
    const wallSec = (performance.now() - start) / 1000;
    await new Promise((r) => setTimeout(r, 600)); // one more sample of the last phase
    await sampler.stop();

    const memory = sampler.peaks();
    const report: SpeechLongReport = {
      minutes,
      audioSec,
      parallelism,
      decoderArgs,
      chunks: stats.calls,
      wallSec,
      rtf: wallSec / audioSec,
      phases: { normalizeSec, transcribeSec, diarizeSec, diarizeOverlapSec, assignSec },
      engine: { calls: stats.calls, busySec: stats.busyMs / 1000, callSec: stats.callMs / 1000, modelLoadSec: loadSec, childCpuSec: engineCpuSec, decoderStarts: opts.reuseDecoders === false ? stats.calls : decoderStarts },
      overheadSec: wallSec - stats.busyMs / 1000,
      idleSlotSec: Math.max(0, Math.min(parallelism, stats.calls) * (stats.busyMs / 1000) - stats.callMs / 1000),
      memory,
      peakTreeMiB: Math.max(...memory.map((m) => m.treeMiB)),
      segments: segments.length,
      words: segments.reduce((n, s) => n + (s.words?.length ?? s.text.split(/\s+/).length), 0),
      speakers: new Set(entries.map((e) => e.speaker)).size,
      entries: entries.length,
      withinTarget: wallSec <= (TARGET_SEC_PER_HOUR * audioSec) / 3600,
    };
    const text = describe(report, sampler.samples());
    console.log(`\n${text}`);
    if (opts.record) writeReadmeSection("speech-long", text);
    return report;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

function describe(r: SpeechLongReport, samples: number): string {
  const s = (sec: number) => (sec >= 120 ? `${(sec / 60).toFixed(1)} min` : `${sec.toFixed(1)} s`);
  const pct = (sec: number) => `${((sec / r.wallSec) * 100).toFixed(1)}%`;
  const targetSec = (TARGET_SEC_PER_HOUR * r.audioSec) / 3600;
  const p = r.phases;
  const e = r.engine;
  return [
    `A ${r.minutes}-minute recording (the English clips of \`shared/corpus\` single/ and multi/ repeated end to end, 16 kHz mono WAV)`,
    "through the worker's path with the embedded engine: normalize, then `transcribeLong` (cut at pauses, chunks decoded",
    `${r.parallelism} at a time by reused pocketsphinx decoders) with diarization running beside it in its child process, then \`assignSpeakers\`.`,
    `Decoder flags: \`${r.decoderArgs.join(" ") || "(decoder defaults)"}\`.`,
    "Memory is the resident set of the bench process plus its children (pocketsphinx, ffmpeg, diarization), summed over the process tree,",
    `sampled every 500 ms (${samples} samples) on a worker thread.`,
    "",
    `Command: \`npx tsx --conditions=react-server bench/speech-long.ts --record${r.minutes === 60 ? "" : ` --minutes ${r.minutes}`}\` (also run by \`npm run bench\`).`,
    "",
    `Measured ${machineLine()}.`,
    "",
    "| audio | wall time | real-time factor | target | peak RSS (process tree) | chunks | speakers found | timeline entries |",
    "|---|---|---|---|---|---|---|---|",
    `| ${s(r.audioSec)} | **${s(r.wallSec)}** | ${r.rtf.toFixed(3)} | < ${s(targetSec)} (${r.withinTarget ? "met" : "**missed**"}) | ${r.peakTreeMiB.toFixed(0)} MiB | ${r.chunks} | ${r.speakers} | ${r.entries} (${r.words} words) |`,
    "",
    "| phase | wall time | share | peak RSS: tree / this process / children |",
    "|---|---|---|---|",
    ...(
      [
        ["normalize (ffmpeg)", p.normalizeSec],
        [`transcribe (transcribeLong; diarization beside it for ${s(p.diarizeOverlapSec)})`, p.transcribeSec],
        ["diarization still running after transcription", p.diarizeSec],
        ["assign speakers", p.assignSec],
      ] as const
    ).map(([name, sec], i) => {
      const m = r.memory[i]!;
      return `| ${name} | ${s(sec)} | ${pct(sec)} | ${m.treeMiB.toFixed(0)} / ${m.selfMiB.toFixed(0)} / ${m.childrenMiB.toFixed(0)} MiB |`;
    }),
    "",
    `Engine: ${e.calls} chunks on ${e.decoderStarts} decoder process(es); at least one chunk decoding for ${s(e.busySec)} (${pct(e.busySec)} of the wall time); the calls add up to ${s(e.callSec)},`,
    `${(e.callSec / Math.max(1e-9, p.transcribeSec)).toFixed(2)} running on average during transcription; decoder CPU ${s(e.childCpuSec)} (CPU real-time factor ${(e.childCpuSec / r.audioSec).toFixed(3)});`,
    `model loads ${e.decoderStarts} × ${e.modelLoadSec.toFixed(2)} s = ${s(e.modelLoadSec * e.decoderStarts)} (a new process per chunk would have paid ${s(e.modelLoadSec * e.calls)}).`,
    `Pipeline overhead beyond the engine (wall time with no chunk decoding): **${s(r.overheadSec)}** (${((r.overheadSec / Math.max(1e-9, e.busySec)) * 100).toFixed(1)}% of engine time): normalizing, finding pauses and`,
    `writing chunks, the part of diarization that outlasts decoding, and assigning. Inside transcription, ${s(p.transcribeSec - e.busySec)} ran no engine call and ${s(r.idleSlotSec)} of core time`,
    "was left idle while fewer than all slots were busy (the last chunks).",
  ].join("\n");
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (require.main === module) {
  const minutes = argValue("--minutes");
  const args = argValue("--args");
  runSpeechLongBench({
    record: process.argv.includes("--record"),
    minutes: minutes ? Number(minutes) : undefined,
    decoderArgs: args !== undefined ? args.split(/\s+/).filter(Boolean) : undefined,
  }).then(
    (r) => process.exit(r.withinTarget ? 0 : 2),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
