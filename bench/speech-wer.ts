/**
 * Word error rate and real-time factor of the speech engines on the English
 * single-speaker clips of shared/corpus.
 *
 *   npx tsx --conditions=react-server bench/speech-wer.ts            # print
 *   npx tsx --conditions=react-server bench/speech-wer.ts --record   # and write bench/README.md
 *   npx tsx --conditions=react-server bench/speech-wer.ts --tune     # also compare pocketsphinx decoder settings
 *
 * The openai-compatible engine is measured too when SPEECH_API_BASE_URL is set.
 * Clips run one at a time, so the real-time factor is per core.
 */
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readWavInfo } from "@/lib/media/wav";
import { env } from "@/lib/server/env";
import { openAiEngine } from "@/lib/speech/openai";
import { FAST_DECODER_ARGS, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import type { SpeechEngine } from "@/lib/speech/types";
import { normalizedEnglishClips } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";
import { addCounts, errorRate, normalizeWords, werCounts, type WerCounts } from "./lib/wer";

export interface WerReport {
  label: string;
  clips: number;
  audioSec: number;
  processingSec: number;
  rtf: number;
  wer: number;
  counts: WerCounts;
  worst: { file: string; wer: number; hypothesis: string }[];
}

/** Runs `engine` over every clip (already 16 kHz WAV) and scores it. */
export async function measureWer(label: string, engine: SpeechEngine, clips: { file: string; wav: string; reference: string }[]): Promise<WerReport> {
  let counts: WerCounts = { substitutions: 0, deletions: 0, insertions: 0, words: 0 };
  let audioSec = 0;
  let processingSec = 0;
  const perClip: WerReport["worst"] = [];
  for (const clip of clips) {
    audioSec += (await readWavInfo(clip.wav)).durationSec;
    const t0 = performance.now();
    const result = await engine.transcribe(clip.wav, {});
    processingSec += (performance.now() - t0) / 1000;
    const hypothesis = result.segments.map((s) => s.text).join(" ");
    const c = werCounts(normalizeWords(clip.reference), normalizeWords(hypothesis));
    counts = addCounts(counts, c);
    perClip.push({ file: clip.file, wer: errorRate(c), hypothesis });
  }
  perClip.sort((a, b) => b.wer - a.wer);
  return { label, clips: clips.length, audioSec, processingSec, rtf: processingSec / audioSec, wer: errorRate(counts), counts, worst: perClip.slice(0, 3) };
}

const TUNING: { label: string; args: string[] }[] = [
  { label: "pocketsphinx, decoder defaults", args: [] },
  { label: "pocketsphinx, -fwdflat no", args: ["-fwdflat", "no"] },
  { label: "pocketsphinx, -maxwpf 10 -maxhmmpf 10000", args: ["-maxwpf", "10", "-maxhmmpf", "10000"] },
  { label: "pocketsphinx, -pl_window 10", args: ["-pl_window", "10"] },
  { label: "pocketsphinx, -ds 2", args: ["-ds", "2"] },
  { label: "pocketsphinx, -topn 2", args: ["-topn", "2"] },
  { label: "pocketsphinx, -beam 1e-40 -wbeam 1e-24 -pbeam 1e-40", args: ["-beam", "1e-40", "-wbeam", "1e-24", "-pbeam", "1e-40"] },
];

export async function main(opts: { record?: boolean; tune?: boolean } = {}): Promise<WerReport[]> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-wer-"));
  try {
    const clips = await normalizedEnglishClips(tmp);
    const engines: { label: string; engine: SpeechEngine }[] = [{ label: `pocketsphinx (embedded default: ${FAST_DECODER_ARGS.join(" ")})`, engine: pocketsphinxEngine() }];
    if (opts.tune) for (const t of TUNING) engines.push({ label: t.label, engine: pocketsphinxEngine({ decoderArgs: t.args }) });
    const e = env();
    if (e.SPEECH_API_BASE_URL) engines.push({ label: `openai-compatible ${e.SPEECH_MODEL} at ${e.SPEECH_API_BASE_URL}`, engine: openAiEngine({ baseURL: e.SPEECH_API_BASE_URL, apiKey: e.SPEECH_API_KEY, model: e.SPEECH_MODEL }) });

    const reports: WerReport[] = [];
    for (const { label, engine } of engines) {
      const r = await measureWer(label, engine, clips);
      reports.push(r);
      console.log(`${label}: WER ${(r.wer * 100).toFixed(1)}% (S ${r.counts.substitutions}, D ${r.counts.deletions}, I ${r.counts.insertions} / ${r.counts.words} words), RTF ${r.rtf.toFixed(3)} (${r.processingSec.toFixed(1)} s for ${r.audioSec.toFixed(1)} s)`);
      for (const w of r.worst) console.log(`    worst: ${w.file} ${(w.wer * 100).toFixed(0)}% "${w.hypothesis}"`);
    }
    const table = [
      "| engine | WER | S / D / I | ref words | real-time factor (1 core) |",
      "|---|---|---|---|---|",
      ...reports.map((r) => `| ${r.label} | ${(r.wer * 100).toFixed(1)}% | ${r.counts.substitutions} / ${r.counts.deletions} / ${r.counts.insertions} | ${r.counts.words} | ${r.rtf.toFixed(3)} |`),
    ].join("\n");
    console.log(`\n${table}`);
    if (opts.record) {
      writeReadmeSection(
        "speech-wer",
        [
          "Word error rate and real-time factor (processing time / audio time, one clip at a time, including the per-process model load) on the",
          `${clips.length} English clips of \`shared/corpus/single\` (${reports[0]!.audioSec.toFixed(0)} s of audio). Case and punctuation normalised; "Mr." counts as "mister".`,
          "",
          "Command: `npx tsx --conditions=react-server bench/speech-wer.ts --record` (add `--tune` for the decoder-setting rows).",
          "",
          `Measured ${machineLine()}.`,
          "",
          table,
        ].join("\n"),
      );
    }
    return reports;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main({ record: process.argv.includes("--record"), tune: process.argv.includes("--tune") }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
