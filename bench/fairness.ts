/**
 * Issue 14 "Fair scheduling": while a long recording is transcribed, an
 * 11-second clip of another user completes in ≤ 3× its idle time, and the long
 * recording slows by ≤ 10%.
 *
 *   npm run bench -- fairness                      # 60 minutes, writes bench/README.md
 *   npm run bench -- fairness --minutes=10         # a shorter recording (the figures say which)
 *
 * Both transcriptions run in this process through lib/speech/long.ts with the
 * production engine (speechEngine(): pocketsphinx by default) and share the
 * process's decoder slots (lib/speech/decoder-slots.ts) exactly as two media
 * jobs in one worker do. Steps: the clip alone (median of 3), the long
 * recording alone, then the long recording again with the clip (normalised by
 * ffmpeg, then decoded) started at 20%, 50% and 80% of the first run's time.
 * The machine's load average is recorded before and after: on a busy machine
 * the figures move with the other load, so the README says how busy it was.
 */
import { execFileSync } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { decoderSlots, DECODE_WEIGHT, type DecodeClaim } from "@/lib/speech/decoder-slots";
import { speechEngine } from "@/lib/speech/engine";
import { transcribeLong } from "@/lib/speech/long";
import { CORPUS_DIR, readManifest } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";

const CLIP = path.join(CORPUS_DIR, "single/en_jfk.wav");
const INJECT_AT = [0.2, 0.5, 0.8];
const long: DecodeClaim = { userId: "bench-long", taskId: "long", weight: DECODE_WEIGHT.free };

/** A `minutes`-long 16 kHz mono WAV in var/ from the corpus's English clips (each normalised first) repeated end to end. */
async function buildRecording(dir: string, minutes: number): Promise<string> {
  const clips = readManifest().filter((c) => c.language === "en" && (c.file.startsWith("single/") || c.file.startsWith("multi/")));
  const parts: string[] = [];
  for (const [i, clip] of clips.entries()) {
    parts.push(path.join(dir, `part-${i}.wav`));
    await normalizeToWav(clip.path, parts[i]!);
  }
  const cycleSec = clips.reduce((n, c) => n + c.durationSec, 0);
  const lines: string[] = [];
  for (let c = 0; c < Math.ceil((minutes * 60) / cycleSec); c++) for (const part of parts) lines.push(`file '${part}'`);
  const list = path.join(dir, "list.txt");
  await fsp.writeFile(list, `${lines.join("\n")}\n`);
  const out = path.join(dir, `recording-${minutes}min.wav`);
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-t", String(minutes * 60), "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", out]);
  return out;
}

async function clipOnce(dir: string, n: number, signal?: AbortSignal): Promise<number> {
  const t0 = performance.now();
  const wav = path.join(dir, `clip-${n}.wav`);
  await normalizeToWav(CLIP, wav, signal);
  await transcribeLong(wav, { engine: speechEngine(), workDir: path.join(dir, `clip-${n}`), claim: { userId: `bench-clip-${n}`, taskId: `clip-${n}`, weight: DECODE_WEIGHT.free }, signal });
  return (performance.now() - t0) / 1000;
}

async function longOnce(wav: string, dir: string): Promise<number> {
  const t0 = performance.now();
  await transcribeLong(wav, { engine: speechEngine(), workDir: path.join(dir, "long"), claim: long });
  return (performance.now() - t0) / 1000;
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(" / ");
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runFairnessBench(opts: { record?: boolean; minutes?: number } = {}) {
  const asked = process.argv.find((a) => a.startsWith("--minutes="));
  const minutes = opts.minutes ?? (asked ? Number(asked.slice("--minutes=".length)) : 60);
  await fsp.mkdir(path.resolve("var"), { recursive: true });
  const dir = await fsp.mkdtemp(path.resolve("var", "bench-fairness-"));
  try {
    const loadBefore = load();
    console.log(`fairness: ${minutes}-minute recording in ${dir}; ${decoderSlots().size} decoder slots; load ${loadBefore}`);
    const recording = await buildRecording(dir, minutes);
    const audioSec = (await readWavInfo(recording)).durationSec;

    await clipOnce(dir, 0); // warm the model files into the page cache
    const idle = [await clipOnce(dir, 1), await clipOnce(dir, 2), await clipOnce(dir, 3)];
    const idleSec = median(idle);
    console.log(`fairness: clip alone ${idle.map((s) => s.toFixed(1)).join(", ")} s`);

    const aloneSec = await longOnce(recording, dir);
    console.log(`fairness: long alone ${aloneSec.toFixed(1)} s; load ${load()}`);

    // Again, with the clip arriving three times while it runs.
    const clips: number[] = [];
    const t0 = performance.now();
    const running = longOnce(recording, dir);
    let done = false;
    void running.finally(() => (done = true));
    for (const [n, at] of INJECT_AT.entries()) {
      const wait = at * aloneSec * 1000 - (performance.now() - t0);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (done) break;
      const sec = await clipOnce(dir, 10 + n);
      clips.push(sec);
      console.log(`fairness: clip at ${Math.round(at * 100)}% of the long run: ${sec.toFixed(1)} s`);
    }
    const withSec = await running;
    const loadAfter = load();
    const worstRatio = Math.max(...clips) / idleSec;
    const slowdown = withSec / aloneSec - 1;
    const report = { minutes, audioSec, slots: decoderSlots().size, idle, idleSec, aloneSec, clips, withSec, worstRatio, slowdown, loadBefore, loadAfter };
    console.log(JSON.stringify(report, null, 2));
    if (opts.record) {
      writeReadmeSection(
        "Fair scheduling (issue 14)",
        [
          `Command: \`npm run bench -- fairness${minutes === 60 ? "" : ` --minutes=${minutes}`}\` (bench/fairness.ts). Machine: ${machineLine()}.`,
          `Load average (1/5/15 min) before: ${loadBefore}; after: ${loadAfter} (this bench's own decoders make about 2 of it; more means other work shared the machine, and then the long recording's two runs, minutes apart, are not comparable).`,
          "",
          `A ${(audioSec / 60).toFixed(0)}-minute recording (corpus English clips repeated) and the 11-second clip single/en_jfk.wav (ffmpeg normalisation + decoding), through lib/speech/long.ts with the production engine, sharing ${report.slots} decoder slots (lib/speech/decoder-slots.ts).`,
          "",
          "| | figure | target |",
          "|---|---|---|",
          `| clip alone (median of 3) | ${idleSec.toFixed(1)} s (${idle.map((s) => s.toFixed(1)).join(", ")}) | |`,
          `| clip while the long recording runs (at 20/50/80%) | ${clips.map((s) => s.toFixed(1)).join(", ")} s | |`,
          `| worst clip / clip alone | ${worstRatio.toFixed(2)}× | ≤ 3× ${worstRatio <= 3 ? "✓" : "✗"} |`,
          `| long recording alone | ${aloneSec.toFixed(1)} s | |`,
          `| long recording with the clips | ${withSec.toFixed(1)} s | |`,
          `| slowdown of the long recording | ${(slowdown * 100).toFixed(1)}% | ≤ 10% ${slowdown <= 0.1 ? "✓" : "✗"} |`,
        ].join("\n"),
      );
    }
    return report;
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
