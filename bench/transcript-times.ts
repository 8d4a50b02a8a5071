/**
 * Issue 24, "Times are the recording's times": how far the transcript's times are from where the speech really is.
 *
 *   npx tsx --conditions=react-server bench/transcript-times.ts            # print
 *   npx tsx --conditions=react-server bench/transcript-times.ts --record   # and write bench/README.md
 *
 * 1. Begin-time error: the first line's begin against the first speech of an outside reference (RTTM speaker
 *    turns, the GRID word alignment, Picovoice Leopard's word times), for each clip as it is and with 10 s of
 *    digital silence put in front; and the share of lines that begin and end inside reference speech (± 0.3 s).
 * 2. Inserted-silence error on the single-speaker clips, which have no word times: the first line of the clip with
 *    10 s of silence in front must begin exactly 10 s after the first line of the clip alone.
 * 3. Decoder CPU: pocketsphinx_batch on a whole clip with its own silence removal (the old, wrong clock), with every
 *    frame kept, and with every frame kept of our copy without long pauses (what the engine decodes now).
 * Every line comes from the worker's path: normalizeToWav, transcribeLong with the embedded engine.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { cutLongPauses } from "@/lib/media/pauses";
import { readWavInfo } from "@/lib/media/wav";
import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { transcribeLong } from "@/lib/speech/long";
import { FAST_DECODER_ARGS, POCKETSPHINX_MODEL, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import type { SpeechSegment } from "@/lib/speech/types";
import { CORPUS_DIR, englishSingleClips } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { cpuSeconds } from "./lib/proc";
import { writeReadmeSection } from "./lib/readme";
import { composeRecording, firstSpeechSec, inSpeech, shifted, timeReferences } from "./lib/time-references";

const LEAD_SEC = 10;
const TOLERANCE_SEC = 0.3;

interface ReferenceRow {
  file: string;
  source: string;
  referenceSec: number;
  plain: { beginSec: number; inside: number; lines: number };
  lead: { beginSec: number; inside: number; lines: number };
}

async function transcribe(wav: string, workDir: string): Promise<SpeechSegment[]> {
  return (await transcribeLong(wav, { engine: pocketsphinxEngine(), workDir })).segments.filter((s) => s.text.trim());
}

function score(segments: SpeechSegment[], speech: { start: number; end: number; speaker: string }[]) {
  const inside = segments.filter((s) => inSpeech(speech, s.begin / 1000, TOLERANCE_SEC) && inSpeech(speech, s.end / 1000, TOLERANCE_SEC)).length;
  return { beginSec: (segments[0]?.begin ?? NaN) / 1000, inside, lines: segments.length };
}

/** The clip alone, and after LEAD_SEC of silence; both as the worker decodes them. */
async function alongside(source: string, tmp: string, name: string): Promise<{ plain: SpeechSegment[]; lead: SpeechSegment[] }> {
  const wav = path.join(tmp, `${name}.wav`);
  const late = path.join(tmp, `${name}-late.wav`);
  await normalizeToWav(source, wav);
  await composeRecording(late, [{ silenceSec: LEAD_SEC }, { wav }]);
  return { plain: await transcribe(wav, path.join(tmp, "work")), lead: await transcribe(late, path.join(tmp, "work")) };
}

/** CPU seconds of one pocketsphinx_batch run over `wav`, model load included; with `wav` null, the model load alone. */
function batchCpuSec(wav: string | null, extra: string[], ctl: string): number {
  fs.writeFileSync(ctl, wav ? `${wav.replace(/\.wav$/, "")} 0 -1 u1\n` : "");
  const before = cpuSeconds().children;
  const args = ["-ctl", ctl, "-hypseg", "/dev/null", "-adcin", "yes", "-adchdr", "44", "-cepdir", "/", "-cepext", ".wav", ...extra,
    "-hmm", POCKETSPHINX_MODEL.hmm, "-lm", POCKETSPHINX_MODEL.lm, "-dict", POCKETSPHINX_MODEL.dict, ...FAST_DECODER_ARGS];
  const run = spawnSync("pocketsphinx_batch", args, { stdio: "ignore" });
  if (run.status !== 0) throw new Error(`pocketsphinx_batch failed (${run.status ?? run.signal})`);
  return cpuSeconds().children - before;
}

async function decoderCpu(tmp: string, file: string, wav: string) {
  const audioSec = (await readWavInfo(wav)).durationSec;
  const copy = wav.replace(/\.wav$/, ".speech.wav");
  const spans = await cutLongPauses(wav, copy, { minPauseSec: 1, marginSec: 0.3 });
  const median = (f: () => number) => [f(), f(), f()].sort((a, b) => a - b)[1]!;
  const ctl = path.join(tmp, "cpu.ctl");
  const load = median(() => batchCpuSec(null, [], ctl));
  const rtf = (w: string, extra: string[]) => Math.max(0, median(() => batchCpuSec(w, extra, ctl)) - load) / audioSec;
  return {
    file,
    audioSec,
    keptSec: spans ? spans.reduce((n, s) => n + s.endSec - s.startSec, 0) : audioSec,
    loadSec: load,
    dropped: rtf(wav, ["-remove_silence", "yes"]),
    everyFrame: rtf(wav, ["-remove_silence", "no"]),
    cut: rtf(spans ? copy : wav, ["-remove_silence", "no"]),
  };
}

export async function runTranscriptTimesBench(opts: { record?: boolean } = {}) {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-times-"));
  try {
    const rows: ReferenceRow[] = [];
    for (const ref of timeReferences()) {
      const { plain, lead } = await alongside(path.join(CORPUS_DIR, ref.file), tmp, path.basename(ref.file).replace(/\.\w+$/, ""));
      rows.push({ file: ref.file, source: ref.source, referenceSec: firstSpeechSec(ref.speech), plain: score(plain, ref.speech), lead: score(lead, shifted(ref.speech, LEAD_SEC)) });
      console.log(`times: ${ref.file} first line ${rows.at(-1)!.plain.beginSec.toFixed(2)} s (reference ${rows.at(-1)!.referenceSec.toFixed(2)} s)`);
    }
    const singles: { file: string; offsetErrorSec: number }[] = [];
    for (const c of englishSingleClips()) {
      const { plain, lead } = await alongside(c.path, tmp, path.basename(c.file).replace(/\.\w+$/, ""));
      if (plain[0] && lead[0]) singles.push({ file: c.file, offsetErrorSec: (lead[0].begin - plain[0].begin) / 1000 - LEAD_SEC });
    }
    closeBatchDecoders();
    const cpu = [];
    for (const file of ["single/en_jfk.wav", "multi/pyannote_sample.wav"]) {
      const wav = path.join(tmp, `cpu-${path.basename(file).replace(/\.\w+$/, "")}.wav`);
      await normalizeToWav(path.join(CORPUS_DIR, file), wav);
      cpu.push(await decoderCpu(tmp, file, wav));
    }
    // Long silence costs the most once every frame is decoded: a conversation, 20 s of silence, another one.
    const gap = path.join(tmp, "cpu-gap.wav");
    await composeRecording(gap, [{ wav: path.join(tmp, "cpu-pyannote_sample.wav") }, { silenceSec: 20 }, { wav: path.join(tmp, "falcon_test.wav") }]);
    cpu.push(await decoderCpu(tmp, "pyannote_sample + 20 s silence + falcon_test", gap));
    const text = describe(rows, singles, cpu);
    console.log(`\n${text}`);
    if (opts.record) writeReadmeSection("transcript-times", text);
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
  }
}

function describe(rows: ReferenceRow[], singles: { file: string; offsetErrorSec: number }[], cpu: Awaited<ReturnType<typeof decoderCpu>>[]): string {
  const s = (sec: number) => (Number.isFinite(sec) ? `${sec >= 0 ? "+" : ""}${sec.toFixed(2)} s` : "no line");
  const errors = rows.flatMap((r) => [r.plain.beginSec - r.referenceSec, r.lead.beginSec - LEAD_SEC - r.referenceSec]).filter(Number.isFinite).map(Math.abs);
  const offsets = singles.map((x) => Math.abs(x.offsetErrorSec));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const inside = rows.reduce((n, r) => n + r.plain.inside + r.lead.inside, 0);
  const lines = rows.reduce((n, r) => n + r.plain.lines + r.lead.lines, 0);
  return [
    "Where the transcript's times are against where the speech is (issue 24): every clip goes through the worker's path",
    "(`normalizeToWav`, `transcribeLong` with the embedded engine), as it is and with 10 s of digital silence in front.",
    "Begin error = first line's begin − the reference's first speech (negative: early). Inside = lines whose begin and end both",
    `lie in reference speech (± ${TOLERANCE_SEC} s). References: the RTTM files of \`multi/\`, the GRID clip's word alignment`,
    "(1/25000 s units), Picovoice Leopard's word times for `en_leopard_test`. Before the fix (frames counted without the",
    "silence pocketsphinx_batch dropped) pyannote_sample's first line began at 3.49 s against 6.69 s.",
    "",
    "Command: `npx tsx --conditions=react-server bench/transcript-times.ts --record` (or `npm run bench -- times`).",
    "",
    `Measured ${machineLine()}; load average ${os.loadavg()[0]!.toFixed(1)} at the end (a shared machine: the CPU figures below are CPU time, not wall time).`,
    "",
    "| clip | reference | first speech | begin error | lines inside | begin error, 10 s silence in front | lines inside |",
    "|---|---|---|---|---|---|---|",
    ...rows.map((r) => `| ${r.file} | ${r.source} | ${r.referenceSec.toFixed(2)} s | ${s(r.plain.beginSec - r.referenceSec)} | ${r.plain.inside}/${r.plain.lines} | ${s(r.lead.beginSec - LEAD_SEC - r.referenceSec)} | ${r.lead.inside}/${r.lead.lines} |`),
    `| **all** | | | mean ${mean(errors).toFixed(2)} s, max ${Math.max(...errors).toFixed(2)} s (absolute) | ${inside}/${lines} | | |`,
    "",
    "A late first line with every line still inside speech is a word the recogniser missed, not a moved clock: the AMI",
    "excerpts (`pyannote_debug_*`) are far-field meeting audio, and tst00's reference speech starts at 0.00 s mid-phrase.",
    "",
    `Inserted silence on the ${singles.length} English single-speaker clips (no word times of their own): the first line of the clip with 10 s`,
    "of silence in front, minus the first line of the clip alone, minus 10 s. " +
      `Mean ${mean(offsets).toFixed(2)} s, max ${Math.max(...offsets).toFixed(2)} s (${singles.filter((x) => Math.abs(x.offsetErrorSec) <= TOLERANCE_SEC).length} of ${singles.length} within ${TOLERANCE_SEC} s).`,
    "",
    "Decoder CPU per second of audio (real-time factor on one core, model load subtracted), `pocketsphinx_batch` with the",
    "engine's flags, median of 3: with its own silence removal (before the fix; wrong clock), with every frame kept (the",
    "fix alone), and with every frame kept of the copy without pauses of 1 s or more (what the engine decodes now).",
    "",
    "| clip | audio | kept after cutting pauses | model load | silence removed by pocketsphinx | every frame | every frame, pauses cut |",
    "|---|---|---|---|---|---|---|",
    ...cpu.map((c) => `| ${c.file} | ${c.audioSec.toFixed(1)} s | ${c.keptSec.toFixed(1)} s | ${c.loadSec.toFixed(2)} s | ${c.dropped.toFixed(3)} | ${c.everyFrame.toFixed(3)} | ${c.cut.toFixed(3)} |`),
  ].join("\n");
}

if (require.main === module) {
  runTranscriptTimesBench({ record: process.argv.includes("--record") }).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
