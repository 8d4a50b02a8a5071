/**
 * Diarization error rate, speaker count and speed of lib/diarization on the
 * multi-speaker clips of shared/corpus, plus the time and peak memory of
 * diarizing a 60-minute recording.
 *
 *   npx tsx --conditions=react-server bench/diarization-der.ts            # print
 *   npx tsx --conditions=react-server bench/diarization-der.ts --record   # and write bench/README.md
 *   npx tsx --conditions=react-server bench/diarization-der.ts --no-long  # skip the 60-minute run
 *   npx tsx --conditions=react-server bench/diarization-der.ts --no-sweep # skip the neighbouring settings
 *   npx tsx --conditions=react-server bench/diarization-der.ts --tuning '{"switchPenalty":20}'  # try other settings
 *
 * DER is scored with a 0.25 s collar (NIST convention: ±0.25 s around every
 * reference boundary is not scored), overlapped speech counted once per
 * speaker, over the .uem where one exists. The 60-minute recording is the
 * multi/ clips repeated end to end; it runs in a child process so that its
 * peak RSS is its own.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { diarizationErrorRate, parseRttm, parseUem, type LabelledSegment, type TimeRange } from "@/lib/diarization/der";
import { DEFAULT_TUNING, diarizeWith, type SpeakerTurn, type Tuning } from "@/lib/diarization/diarize";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { CORPUS_DIR } from "./lib/corpus";
import { buildLongRecording, knownVoicesTable, measureKnownVoices, type KnownVoicesRow } from "./lib/diarization-recordings";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";

const COLLAR = 0.25;
const LONG_SECONDS = 3600;

export interface DerRow {
  file: string;
  audioSec: number;
  processingSec: number;
  rtf: number;
  /** Scored reference speech (s) and its error components (s). */
  total: number;
  missed: number;
  falseAlarm: number;
  confusion: number;
  der: number;
  refSpeakers: number;
  hypSpeakers: number;
  /** DER of a perfect system that names one speaker at a time: the overlapped speech it must miss. */
  floor: number;
}

export interface LongRun {
  audioSec: number;
  /** Reading the WAV into memory. */
  readSec: number;
  diarizeSec: number;
  /** CPU time of the diarization (user + system): on a shared machine the wall time says more about the neighbours. */
  cpuSec: number;
  rtf: number;
  speakers: number;
  turns: number;
  /** Peak resident set of the child process that read and diarized the file. */
  peakRssMiB: number;
}

export type { KnownVoicesRow } from "./lib/diarization-recordings";

export interface DiarizationBenchReport {
  rows: DerRow[];
  overall: DerRow;
  long: LongRun | null;
  /** Long recordings whose voices are known, built from corpus clips: does the speaker count hold up? */
  knownVoices: KnownVoicesRow[];
  /** Overall DER and speaker counts with one setting changed at a time, to show how stable the defaults are. */
  sweep: { change: Partial<Tuning>; overall: DerRow; found: number[] }[];
}

/** One change at a time around DEFAULT_TUNING. */
const SWEEP: Partial<Tuning>[] = [
  { switchPenalty: 30 },
  { switchPenalty: 70 },
  { glrLambda: 0.5 },
  { glrLambda: 0.6 },
  { glrPerFrame: 2.75 },
  { glrPerFrame: 3.25 },
  { windowSec: 1.25, hopSec: 0.625 },
  { windowSec: 2, hopSec: 1 },
  { gmmComponents: 6 },
  { gmmComponents: 10 },
  { vadRatio: 0.15 },
  { vadRatio: 0.25 },
  { bridgePauseSec: 0.3 },
];

/** multi/*.wav that have a reference: `<name>.rttm` or `<name>.<anything>.rttm`, and `<name>.uem` when present. */
export function multiClips(dir = path.join(CORPUS_DIR, "multi")): { name: string; wav: string; rttm: string; uem: string | null }[] {
  const files = fs.readdirSync(dir).sort();
  const out = [];
  for (const f of files.filter((x) => x.endsWith(".wav"))) {
    const name = f.slice(0, -4);
    const rttm = files.find((x) => x === `${name}.rttm`) ?? files.find((x) => x.startsWith(`${name}.`) && x.endsWith(".rttm"));
    if (!rttm) continue;
    const uem = files.includes(`${name}.uem`) ? path.join(dir, `${name}.uem`) : null;
    out.push({ name, wav: path.join(dir, f), rttm: path.join(dir, rttm), uem });
  }
  return out;
}

/** Each clip of multiClips() decoded as the pipeline does (16 kHz mono), with its reference RTTM and UEM. */
export async function loadMultiClips(): Promise<{ name: string; samples: Float32Array; sampleRate: number; reference: LabelledSegment[]; uem?: TimeRange[] }[]> {
  const out = [];
  for (const clip of multiClips()) {
    const wav = path.join(os.tmpdir(), `tingji-multi-${clip.name}.wav`);
    await normalizeToWav(clip.wav, wav);
    const { samples, sampleRate } = await readWavPcm(wav);
    await fsp.rm(wav, { force: true });
    const reference = parseRttm(await fsp.readFile(clip.rttm, "utf8"));
    const uem = clip.uem ? parseUem(await fsp.readFile(clip.uem, "utf8")) : undefined;
    out.push({ name: clip.name, samples, sampleRate, reference, uem });
  }
  return out;
}

/** The best a one-speaker-at-a-time output can do: at every 10 ms, one of the active reference speakers. */
function overlapFloor(reference: LabelledSegment[], uem: TimeRange[] | undefined): number {
  const end = reference.reduce((m, s) => Math.max(m, s.end), 0);
  const hyp: LabelledSegment[] = [];
  for (let i = 0; i * 0.01 < end; i++) {
    const t = i * 0.01 + 0.005;
    const active = reference.find((s) => s.start <= t && t < s.end);
    if (!active) continue;
    const last = hyp[hyp.length - 1];
    if (last && last.speaker === active.speaker && Math.abs(last.end - i * 0.01) < 1e-9) last.end = (i + 1) * 0.01;
    else hyp.push({ start: i * 0.01, end: (i + 1) * 0.01, speaker: active.speaker });
  }
  return diarizationErrorRate(reference, hyp, { collar: COLLAR, uem }).der;
}

function asSegments(turns: SpeakerTurn[]): LabelledSegment[] {
  return turns.map((t) => ({ start: t.start, end: t.end, speaker: `s${t.speaker}` }));
}

/** Diarizes each clip (already 16 kHz mono WAV) and scores it against its RTTM. */
export async function measureDer(clips: { name: string; wav16k: string; rttm: string; uem: string | null }[], tuning: Tuning): Promise<DerRow[]> {
  const rows: DerRow[] = [];
  for (const clip of clips) {
    const { samples, sampleRate } = await readWavPcm(clip.wav16k);
    const t0 = process.cpuUsage();
    const turns = diarizeWith(samples, sampleRate, {}, tuning);
    const processingSec = cpuSecondsSince(t0);
    const reference = parseRttm(await fsp.readFile(clip.rttm, "utf8"));
    const uem: TimeRange[] | undefined = clip.uem ? parseUem(await fsp.readFile(clip.uem, "utf8")) : undefined;
    const d = diarizationErrorRate(reference, asSegments(turns), { collar: COLLAR, uem });
    const audioSec = samples.length / sampleRate;
    rows.push({
      file: clip.name,
      audioSec,
      processingSec,
      rtf: processingSec / audioSec,
      total: d.total,
      missed: d.missed,
      falseAlarm: d.falseAlarm,
      confusion: d.confusion,
      der: d.der,
      refSpeakers: new Set(reference.map((s) => s.speaker)).size,
      hypSpeakers: new Set(turns.map((t) => t.speaker)).size,
      floor: overlapFloor(reference, uem),
    });
  }
  return rows;
}

/** CPU seconds (user + system) of this process since `start`: one core's time, whatever else runs on the machine. */
function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const u = process.cpuUsage(start);
  return (u.user + u.system) / 1e6;
}

/** Corpus-level figures: errors summed over files divided by the summed scored speech. */
export function overallRow(rows: DerRow[]): DerRow {
  const sum = (key: keyof DerRow) => rows.reduce((n, r) => n + (r[key] as number), 0);
  const total = sum("total");
  const audioSec = sum("audioSec");
  const processingSec = sum("processingSec");
  return {
    file: "overall",
    audioSec,
    processingSec,
    rtf: processingSec / audioSec,
    total,
    missed: sum("missed"),
    falseAlarm: sum("falseAlarm"),
    confusion: sum("confusion"),
    der: total > 0 ? (sum("missed") + sum("falseAlarm") + sum("confusion")) / total : 0,
    refSpeakers: sum("refSpeakers"),
    hypSpeakers: sum("hypSpeakers"),
    floor: total > 0 ? rows.reduce((n, r) => n + r.floor * r.total, 0) / total : 0,
  };
}

/** Child-process side of the 60-minute run: read, diarize, report as one JSON line. */
async function longChild(wav: string, tuning: Tuning): Promise<void> {
  const t0 = performance.now();
  const { samples, sampleRate } = await readWavPcm(wav);
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  const turns = diarizeWith(samples, sampleRate, {}, tuning);
  const t2 = performance.now();
  const cpuSec = cpuSecondsSince(c1);
  const audioSec = samples.length / sampleRate;
  const run: LongRun = {
    audioSec,
    readSec: (t1 - t0) / 1000,
    diarizeSec: (t2 - t1) / 1000,
    cpuSec,
    rtf: cpuSec / audioSec,
    speakers: new Set(turns.map((t) => t.speaker)).size,
    turns: turns.length,
    // maxRSS is in KiB on Linux.
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  };
  process.stdout.write(`LONGRUN ${JSON.stringify(run)}\n`);
}

async function measureLong(wav: string, tuningJson: string | null): Promise<LongRun> {
  const args = [...process.execArgv, __filename, "--long-child", wav];
  if (tuningJson) args.push("--tuning", tuningJson);
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
  let stdout = "";
  child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  const line = stdout.split("\n").find((l) => l.startsWith("LONGRUN "));
  if (code !== 0 || !line) throw new Error(`60-minute run failed (exit ${code}): ${stdout}`);
  return JSON.parse(line.slice("LONGRUN ".length)) as LongRun;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function runDiarizationBench(opts: { record: boolean; long?: boolean; sweep?: boolean; tuning?: Partial<Tuning> }): Promise<DiarizationBenchReport> {
  const tuning: Tuning = { ...DEFAULT_TUNING, ...opts.tuning };
  const tuningJson = opts.tuning && Object.keys(opts.tuning).length ? JSON.stringify(opts.tuning) : null;
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-der-"));
  try {
    // Some corpus clips are 32-bit float; readWavPcm (like the pipeline) takes the normalised 16-bit form.
    const clips = [];
    for (const c of multiClips()) {
      const wav16k = path.join(tmp, `${c.name}.wav`);
      await normalizeToWav(c.wav, wav16k);
      clips.push({ ...c, wav16k });
    }
    const rows = await measureDer(clips, tuning);
    const overall = overallRow(rows);
    const table = [
      `| file | audio | ref speakers | found | missed | false alarm | confusion | DER (collar ${COLLAR} s) | overlap floor | real-time factor |`,
      "|---|---|---|---|---|---|---|---|---|---|",
      ...rows.map(
        (r) =>
          `| ${r.file} | ${r.audioSec.toFixed(1)} s | ${r.refSpeakers} | ${r.hypSpeakers} | ${pct(r.missed / r.total)} | ${pct(r.falseAlarm / r.total)} | ${pct(r.confusion / r.total)} | ${pct(r.der)} | ${pct(r.floor)} | ${r.rtf.toFixed(3)} |`,
      ),
      `| **overall** | ${overall.audioSec.toFixed(1)} s | | | ${pct(overall.missed / overall.total)} | ${pct(overall.falseAlarm / overall.total)} | ${pct(overall.confusion / overall.total)} | **${pct(overall.der)}** | ${pct(overall.floor)} | ${overall.rtf.toFixed(3)} |`,
    ].join("\n");
    console.log(table);

    const sweep: DiarizationBenchReport["sweep"] = [];
    if (opts.sweep !== false) {
      for (const change of SWEEP) {
        const r = await measureDer(clips, { ...tuning, ...change });
        sweep.push({ change, overall: overallRow(r), found: r.map((x) => x.hypSpeakers) });
      }
    }
    const sweepTable = sweep.length
      ? [
          `| change from the defaults | overall DER | speakers found (${rows.map((r) => r.file).join(", ")}) |`,
          "|---|---|---|",
          `| (none) | ${pct(overall.der)} | ${rows.map((r) => r.hypSpeakers).join(", ")} |`,
          ...sweep.map((w) => `| ${Object.entries(w.change).map(([k, v]) => `${k} ${v}`).join(", ")} | ${pct(w.overall.der)} | ${w.found.join(", ")} |`),
        ].join("\n")
      : "";
    if (sweepTable) console.log(`\n${sweepTable}`);

    let long: LongRun | null = null;
    let knownVoices: KnownVoicesRow[] = [];
    if (opts.long !== false) {
      const wav = path.join(tmp, "long.wav");
      await buildLongRecording(
        clips.map((c) => c.wav16k),
        LONG_SECONDS,
        wav,
      );
      long = await measureLong(wav, tuningJson);
      knownVoices = await measureKnownVoices(tmp, tuning, COLLAR);
      console.log(
        `\n60-minute recording: diarize ${long.diarizeSec.toFixed(1)} s wall, ${long.cpuSec.toFixed(1)} s CPU (real-time factor ${long.rtf.toFixed(4)}), reading the WAV ${long.readSec.toFixed(1)} s, ` +
          `peak RSS ${long.peakRssMiB.toFixed(0)} MiB, ${long.speakers} speakers in ${long.turns} turns`,
      );
    }

    if (opts.record) {
      writeReadmeSection(
        "diarization-der",
        [
          `Diarization error rate of \`lib/diarization\` (our own: MFCC, energy VAD, full-covariance GLR between windows, spectral clustering, GMM/Viterbi`,
          `resegmentation, speaker count by a GLR/BIC test; no speaker count given) on the`,
          `${rows.length} clips of \`shared/corpus/multi\` that have an RTTM reference (${overall.audioSec.toFixed(0)} s of audio). Collar ${COLLAR} s, overlapped speech`,
          "counted once per speaker, scored over the `.uem` where one exists. Overall DER is the summed error over the summed scored speech.",
          "The error includes missed and false-alarm speech of the VAD, not only speaker confusion. The output names one speaker at a time, so overlapped",
          "speech is missed: \"overlap floor\" is the DER of a perfect one-speaker-at-a-time output (the AMI excerpt tst00 is half overlap).",
          "Real-time factor = CPU time of the diarization (user + system, one thread) / audio time.",
          "",
          "Command: `npx tsx --conditions=react-server bench/diarization-der.ts --record`.",
          "",
          `Measured ${machineLine()}.`,
          "",
          table,
          "",
          ...(sweepTable
            ? [
                "How stable the defaults are: the same clips with one setting changed at a time. The speaker count is the fragile part: on",
                "two similar voices in 30 s the count test sits close to its threshold, and a wrong count moves a file's DER by 15-40 points.",
                "",
                sweepTable,
                "",
              ]
            : []),
          long
            ? `60-minute recording (the clips above repeated end to end, built with ffmpeg): diarize ${long.diarizeSec.toFixed(1)} s wall, ${long.cpuSec.toFixed(1)} s CPU ` +
              `(real-time factor ${long.rtf.toFixed(4)}), reading the WAV ${long.readSec.toFixed(1)} s, peak RSS of the process ${long.peakRssMiB.toFixed(0)} MiB ` +
              `(the samples alone are ${((long.audioSec * 16000 * 4) / 2 ** 20).toFixed(0)} MiB); ${long.speakers} speakers found.`
            : "60-minute run not measured (--no-long).",
          ...(knownVoices.length
            ? [
                "",
                "Speaker count on long recordings whose voices are known, built from corpus clips with ffmpeg (clips in a seeded shuffle, no speaker",
                "count given). Confusion is the share of the reference time given to the wrong speaker (collar 0.25 s); the pauses inside the clips",
                "are not counted against it.",
                "",
                knownVoicesTable(knownVoices),
                "",
                "The last row is a trap, kept on purpose: one 11-second clip repeated word for word, so every window recurs 55 times identically",
                "and the clustering finds positions in the clip (and the crowd noise in it), not voices. The rows above repeat their clips too, but",
                "shuffled, so the windows around each one differ; there one voice stays whole over 30 minutes. The two readers of the third row also",
                "differ in microphone and room, which makes them easier to tell apart than two people at one table.",
              ]
            : []),
        ].join("\n"),
      );
    }
    return { rows, overall, long, knownVoices, sweep };
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

function argValue(name: string): string | null {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? null) : null;
}

if (require.main === module) {
  const tuningJson = argValue("--tuning");
  const tuning = tuningJson ? (JSON.parse(tuningJson) as Partial<Tuning>) : undefined;
  const longChildWav = argValue("--long-child");
  const run = longChildWav
    ? longChild(longChildWav, { ...DEFAULT_TUNING, ...tuning })
    : runDiarizationBench({
        record: process.argv.includes("--record"),
        long: !process.argv.includes("--no-long"),
        sweep: !process.argv.includes("--no-sweep"),
        tuning,
      }).then(() => undefined);
  run.catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
