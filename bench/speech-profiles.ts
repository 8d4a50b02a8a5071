/**
 * The two decoding profiles of the embedded engine side by side, in one run on
 * the same machine: word error rate and real-time factor on the English clips
 * of shared/corpus, then a long recording through the worker's path
 * (bench/speech-long.ts) with each profile.
 *
 *   npx tsx --conditions=react-server bench/speech-profiles.ts --record               # 60 minutes each
 *   npx tsx --conditions=react-server bench/speech-profiles.ts --minutes 10           # a quicker run
 *   npx tsx --conditions=react-server bench/speech-profiles.ts --tune [--only 2,3]    # only the clip WER of candidate flags
 *
 * CPU seconds are the decoder processes' own (from /proc/self/stat's children
 * fields), so they hold even while other work shares the machine; wall times do not.
 */
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { batchDecoderCpuSec, closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { DECODER_PROFILES, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { normalizedEnglishClips } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { cpuSeconds } from "./lib/proc";
import { writeReadmeSection } from "./lib/readme";
import { runSpeechLongBench, type SpeechLongReport } from "./speech-long";
import { measureWer, type WerReport } from "./speech-wer";

const CANDIDATES: { label: string; args: string[] }[] = [
  { label: "accurate (default)", args: DECODER_PROFILES.accurate },
  { label: "fast", args: DECODER_PROFILES.fast },
  { label: "fwdflat off", args: [...DECODER_PROFILES.accurate, "-fwdflat", "no"] },
  { label: "fwdflat+bestpath off", args: [...DECODER_PROFILES.accurate, "-fwdflat", "no", "-bestpath", "no"] },
  { label: "ds 2", args: [...DECODER_PROFILES.accurate, "-ds", "2"] },
  { label: "topn 2", args: [...DECODER_PROFILES.accurate, "-topn", "2"] },
  { label: "pl_window 5", args: [...DECODER_PROFILES.accurate, "-pl_window", "5"] },
  { label: "fwdflat off + topn 2", args: [...DECODER_PROFILES.accurate, "-fwdflat", "no", "-topn", "2"] },
  { label: "fwdflat off + pl_window 5", args: [...DECODER_PROFILES.accurate, "-fwdflat", "no", "-pl_window", "5"] },
  { label: "fwdflat off + beams 1e-40/1e-24", args: [...DECODER_PROFILES.accurate, "-fwdflat", "no", "-beam", "1e-40", "-wbeam", "1e-24", "-pbeam", "1e-40"] },
];

interface ClipRow extends WerReport {
  args: string[];
  cpuSec: number;
}

async function clipRows(candidates: { label: string; args: string[]; reuseDecoders?: boolean }[]): Promise<ClipRow[]> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-profiles-"));
  try {
    const clips = await normalizedEnglishClips(tmp);
    const rows: ClipRow[] = [];
    for (const c of candidates) {
      closeBatchDecoders();
      const cpu0 = cpuSeconds().children + batchDecoderCpuSec();
      const r = await measureWer(c.label, pocketsphinxEngine({ decoderArgs: c.args, reuseDecoders: c.reuseDecoders }), clips);
      const row = { ...r, args: c.args, cpuSec: cpuSeconds().children + batchDecoderCpuSec() - cpu0 };
      console.log(`${c.label}: WER ${(row.wer * 100).toFixed(1)}%, CPU ${row.cpuSec.toFixed(1)} s (CPU RTF ${(row.cpuSec / row.audioSec).toFixed(3)}), wall RTF ${row.rtf.toFixed(3)}`);
      rows.push(row);
    }
    return rows;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main() {
  const tune = process.argv.includes("--tune");
  const minutes = Number(argValue("--minutes") ?? 60);
  // --only 2,3 runs just those candidates (to spread a tuning run over processes).
  const only = argValue("--only")?.split(",").map(Number);
  // The two profiles on reused decoders (each clip one utterance, as in production), then on a new pocketsphinx_continuous per clip (before).
  const profileRows = [
    ...CANDIDATES.slice(0, 2),
    ...CANDIDATES.slice(0, 2).map((c) => ({ ...c, label: `${c.label}, new process per clip (before)`, reuseDecoders: false })),
  ];
  const rows = await clipRows(tune ? CANDIDATES.filter((_, i) => !only || only.includes(i)) : profileRows);
  if (tune) return;
  const long: Record<string, SpeechLongReport> = {};
  for (const p of ["accurate", "fast"] as const) {
    console.log(`\nspeech-profiles: ${minutes} minutes with the ${p} profile`);
    long[p] = await runSpeechLongBench({ minutes, decoderArgs: DECODER_PROFILES[p] });
  }
  const [acc, fast] = [long.accurate!, long.fast!];
  const ratio = fast.wallSec / acc.wallSec;
  const load = os.loadavg().map((l) => l.toFixed(2)).join(" / ");
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const min = (s: number) => `${(s / 60).toFixed(1)} min`;
  const text = [
    "The embedded engine's two decoding profiles, measured one after the other in one run on the same machine. Users pick one per upload",
    "(\"more accurate\" / \"faster\"); \"more accurate\" is the default (see lib/speech/pocketsphinx.ts and docs/speech-profiles.md).",
    "",
    `Command: \`npx tsx --conditions=react-server bench/speech-profiles.ts --record${minutes === 60 ? "" : ` --minutes ${minutes}`}\` (\`--tune\` compares more decoder flags on the clips).`,
    "",
    `Measured ${machineLine()}; load average at the end ${load} (this bench's own decoders: 2 per core at most, so about 2 means nothing else ran).`,
    "",
    `Clips: the ${rows[0]!.clips} English clips of \`shared/corpus/single\` (${rows[0]!.audioSec.toFixed(0)} s), one at a time.`,
    "",
    "| profile | decoder flags | WER | S / D / I | CPU real-time factor | wall real-time factor |",
    "|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.label} | \`${r.args.join(" ")}\` | ${pct(r.wer)} | ${r.counts.substitutions} / ${r.counts.deletions} / ${r.counts.insertions} | ${(r.cpuSec / r.audioSec).toFixed(3)} | ${r.rtf.toFixed(3)} |`),
    "",
    `A ${minutes}-minute recording end to end through the worker's path (bench/speech-long.ts: normalize, transcribeLong on ${acc.parallelism} cores with diarization beside it, assign):`,
    "",
    "| profile | wall time | real-time factor | engine CPU | engine CPU real-time factor | chunks / decoder processes (model loads × load time) | overhead beyond the engine | diarization beside decoding / after it | peak RSS (tree) |",
    "|---|---|---|---|---|---|---|---|---|",
    ...(["accurate", "fast"] as const).map((p) => {
      const r = long[p]!;
      return `| ${p} | **${min(r.wallSec)}** | ${r.rtf.toFixed(3)} | ${min(r.engine.childCpuSec)} | ${(r.engine.childCpuSec / r.audioSec).toFixed(3)} | ${r.engine.calls} / ${r.engine.decoderStarts} (× ${r.engine.modelLoadSec.toFixed(2)} s) | ${r.overheadSec.toFixed(1)} s (${pct(r.overheadSec / r.engine.busySec)} of engine time) | ${r.phases.diarizeOverlapSec.toFixed(0)} s / ${r.phases.diarizeSec.toFixed(1)} s | ${r.peakTreeMiB.toFixed(0)} MiB |`;
    }),
    "",
    `Fast / accurate wall time: **${ratio.toFixed(2)}** (goal ≤ 0.67: ${ratio <= 2 / 3 ? "met" : "**missed**"}).`,
  ].join("\n");
  console.log(`\n${text}`);
  if (process.argv.includes("--record")) writeReadmeSection("speech-profiles", text);
}

if (require.main === module) {
  main().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
