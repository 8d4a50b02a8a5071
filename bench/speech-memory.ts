/**
 * Peak memory of the worker's own steps on a 1-hour and a 3-hour recording:
 * cutting the audio at pauses into chunk files (transcribeLong's part in the
 * worker process) and diarizing (diarizeWavFile, the child process the worker
 * starts). The decoders are separate pocketsphinx processes of a fixed size
 * (one per core, ~110 MiB each, whatever the length), so they are not run
 * here. Each step runs in a fresh process and reports its peak resident set
 * (getrusage maxrss). Goal (issue 14): 3 hours ≤ 2× the peak of 1 hour.
 *
 *   npx tsx --conditions=react-server bench/speech-memory.ts            # print
 *   npx tsx --conditions=react-server bench/speech-memory.ts --record   # and write bench/README.md
 */
import { execFileSync } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { diarizeWavFile } from "@/lib/diarization/diarize-file";
import { splitAtPauses } from "@/lib/media/pauses";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";
import { buildRecording } from "./speech-long";

type Step = "split" | "diarize";

/** In the child: one step on one file, then its peak RSS in MiB on stdout. */
async function child(step: Step, wav: string) {
  const t0 = performance.now();
  if (step === "split") {
    const out = path.join(path.dirname(wav), `chunks-${process.pid}`);
    const chunks = await splitAtPauses(wav, { targetChunkSec: 45, maxChunkSec: 60, outDir: out });
    await fsp.rm(out, { recursive: true, force: true });
    if (!chunks.length) throw new Error("no chunks");
  } else {
    await diarizeWavFile({ wavPath: wav, options: {} });
  }
  console.log(JSON.stringify({ peakMiB: process.resourceUsage().maxRSS / 1024, sec: (performance.now() - t0) / 1000 }));
}

function measure(step: Step, wav: string): { peakMiB: number; sec: number } {
  const out = execFileSync("npx", ["tsx", "--conditions=react-server", __filename, "--child", step, wav], { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").pop()!) as { peakMiB: number; sec: number };
}

async function main() {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-speech-memory-"));
  try {
    const rows: { minutes: number; step: Step; peakMiB: number; sec: number }[] = [];
    for (const minutes of [60, 180]) {
      const wav = await buildRecording(tmp, minutes);
      for (const step of ["split", "diarize"] as const) {
        const r = measure(step, wav);
        console.log(`${minutes} min, ${step}: peak ${r.peakMiB.toFixed(0)} MiB in ${r.sec.toFixed(1)} s`);
        rows.push({ minutes, step, ...r });
      }
      await fsp.rm(wav);
    }
    const peak = (m: number, s: Step) => rows.find((r) => r.minutes === m && r.step === s)!.peakMiB;
    const text = [
      "Peak resident memory of the worker's own steps on a 1-hour and a 3-hour recording (the English clips of shared/corpus repeated,",
      "16 kHz mono WAV): cutting at pauses into chunk files (in the worker process) and diarizing (in the child process the worker starts).",
      "Each step runs in a fresh process; the figure is its getrusage peak. The pocketsphinx decoders are separate processes of a fixed",
      "size (one per core, about 110 MiB each, whatever the recording's length) and are not run here.",
      "",
      "Command: `npx tsx --conditions=react-server bench/speech-memory.ts --record`.",
      "",
      `Measured ${machineLine()}; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(" / ")} (machine shared with other engineers).`,
      "",
      "| step | 60 min: peak RSS | 180 min: peak RSS | 180 / 60 | goal ≤ 2× |",
      "|---|---|---|---|---|",
      ...(["split", "diarize"] as const).map((s) => {
        const ratio = peak(180, s) / peak(60, s);
        return `| ${s === "split" ? "cut at pauses (worker)" : "diarize (child process)"} | ${peak(60, s).toFixed(0)} MiB | ${peak(180, s).toFixed(0)} MiB | ${ratio.toFixed(2)} | ${ratio <= 2 ? "met" : "**missed**"} |`;
      }),
    ].join("\n");
    console.log(`\n${text}`);
    if (process.argv.includes("--record")) writeReadmeSection("speech-memory", text);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const i = process.argv.indexOf("--child");
  (i >= 0 ? child(process.argv[i + 1] as Step, process.argv[i + 2]!) : main()).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
