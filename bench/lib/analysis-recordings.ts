/**
 * "Recordings" for the local analyzer bench (bench/analysis-local.ts), made of real speech
 * text from shared/corpus, read in place: the clips' reference transcripts joined into
 * multi-speaker recordings, pocketsphinx's own output on the same audio (noisy, ~40% WER),
 * and a .docx with real headings read through lib/documents as an upload would be.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Passage } from "@/lib/analysis/types";
import { readDocx } from "@/lib/documents/docx";
import { documentLimits } from "@/lib/documents/limits";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { docxArchive, wParagraph, wTable } from "@/tests/helpers/docx-fixtures";
import { CORPUS_DIR, readManifest, type CorpusClip } from "./corpus";

interface Turn {
  begin: number;
  end: number;
  speaker: string | null;
  text: string;
}

/** What lib/analysis/passages.ts loadPassages hands the analyzer: whitespace folded, empty entries dropped. */
function asPassages(turns: Turn[]): Passage[] {
  return turns
    .map((t) => ({ ...t, text: t.text.replace(/\s+/g, " ").trim() }))
    .filter((t) => t.text)
    .map((t, index) => ({ index, begin: Math.round(t.begin), end: Math.round(t.end), speaker: t.speaker, text: t.text }));
}

/** Clips one after another (their real durations), the speakers taking turns clip by clip. */
export function joinedReferences(clips: CorpusClip[], speakers: string[]): Passage[] {
  let at = 0;
  return asPassages(
    clips.map((c, i) => {
      const turn = { begin: at, end: at + c.durationSec * 1000, speaker: speakers[i % speakers.length]!, text: c.reference };
      at += c.durationSec * 1000;
      return turn;
    }),
  );
}

/** multi/pyannote_sample.stm: two speakers, reference words and times. */
export function pyannoteSampleStm(): Passage[] {
  const lines = fs.readFileSync(path.join(CORPUS_DIR, "multi/pyannote_sample.stm"), "utf8").split("\n").filter(Boolean);
  return asPassages(
    lines.map((line) => {
      const [, , speaker, start, end, ...words] = line.split(/\s+/);
      return { begin: Number(start) * 1000, end: Number(end) * 1000, speaker: speaker!, text: words.join(" ") };
    }),
  );
}

export const englishClips = () => readManifest().filter((c) => c.language === "en" && c.kind === "single");
export const chineseClips = () => readManifest().filter((c) => c.language === "zh");
const MULTI = ["multi/pyannote_sample", "multi/pyannote_debug_dev00", "multi/pyannote_debug_tst00", "multi/falcon_test"];

/** RTTM turns of a clip: [begin ms, end ms, speaker]. */
function rttm(file: string): [number, number, string][] {
  return fs
    .readFileSync(path.join(CORPUS_DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("SPEAKER"))
    .map((l) => l.split(/\s+/))
    .map((f) => [Number(f[3]) * 1000, (Number(f[3]) + Number(f[4])) * 1000, f[7]!]);
}

/** The reference speaker who talks most during [begin, end). */
function speakerAt(turns: [number, number, string][], begin: number, end: number): string | null {
  const overlap = new Map<string, number>();
  for (const [b, e, who] of turns) overlap.set(who, (overlap.get(who) ?? 0) + Math.max(0, Math.min(e, end) - Math.max(b, begin)));
  const best = [...overlap].sort((a, b) => b[1] - a[1])[0];
  return best && best[1] > 0 ? best[0] : null;
}

export interface PocketsphinxRecordings {
  /** The English single clips as decoded, one after another, three speakers taking turns. */
  clips: Passage[];
  /** The four multi-speaker clips as decoded, speakers from their reference RTTM. */
  multi: Passage[];
  audioSec: number;
  decodeSec: number;
}

/** Runs the embedded engine (as the worker does) over the English clips: real, noisy output. */
export async function pocketsphinxRecordings(): Promise<PocketsphinxRecordings> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-analysis-"));
  const engine = pocketsphinxEngine();
  let audioSec = 0;
  let decodeSec = 0;
  const decode = async (file: string) => {
    const wav = path.join(dir, `${path.basename(file).replace(/\.\w+$/, "")}.wav`);
    await normalizeToWav(path.join(CORPUS_DIR, file), wav);
    const t0 = performance.now();
    const segments = (await engine.transcribe(wav, {})).segments;
    decodeSec += (performance.now() - t0) / 1000;
    return segments;
  };
  try {
    const clipTurns: Turn[] = [];
    let at = 0;
    for (const [i, clip] of englishClips().entries()) {
      for (const s of await decode(clip.file)) clipTurns.push({ begin: at + s.begin, end: at + s.end, speaker: ["A", "B", "C"][i % 3]!, text: s.text });
      at += clip.durationSec * 1000;
      audioSec += clip.durationSec;
    }
    const multiTurns: Turn[] = [];
    at = 0;
    for (const name of MULTI) {
      const reference = rttm(fs.existsSync(path.join(CORPUS_DIR, `${name}.rttm`)) ? `${name}.rttm` : `${name}.derived.rttm`);
      const durationSec = readManifest().find((c) => c.file === `${name}.wav`)!.durationSec;
      for (const s of await decode(`${name}.wav`)) multiTurns.push({ begin: at + s.begin, end: at + s.end, speaker: speakerAt(reference, s.begin, s.end), text: s.text });
      at += durationSec * 1000;
      audioSec += durationSec;
    }
    return { clips: asPassages(clipTurns), multi: asPassages(multiTurns), audioSec, decodeSec };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * "Common Sense" as a Word document (its title and section titles as headings, paragraphs as
 * paragraphs), read back through lib/documents like an upload: one markdown block per entry, no clock.
 */
export async function commonSenseDocx(lines: string[]): Promise<Passage[]> {
  const isTitle = (line: string) => line.length < 120 && line === line.toUpperCase() && /[A-Z]{4}/.test(line);
  const body = [wParagraph("Common Sense", { style: "Heading1" }), ...lines.map((line) => (isTitle(line) ? wParagraph(line, { style: "Heading2" }) : wParagraph(line)))].join("");
  const blocks = await readDocx(docxArchive(body), "common-sense.docx", documentLimits());
  return asPassages(blocks.map((b) => ({ begin: 0, end: 0, speaker: null, text: b.text })));
}

/**
 * The pyannote_sample call written up as a Word document: a title and section headings, the turns
 * as "Name: text" paragraphs, a table and a list of who lives where (as the call says), read back
 * through lib/documents like an upload. Short, so its headings compete with its sentences.
 */
export async function pyannoteSampleDocx(): Promise<Passage[]> {
  const turns = pyannoteSampleStm();
  const body = [
    wParagraph("pyannote_sample", { style: "Heading1" }),
    wParagraph("The call", { style: "Heading2" }),
    ...turns.map((t) => wParagraph(`${t.speaker}: ${t.text}`)),
    wParagraph("Who is where", { style: "Heading2" }),
    wTable([["Speaker", "Lives in", "Originally from"], ["Diane", "New Jersey", "Chicago"], ["Sheila", "Texas", "Chicago"]]),
    wParagraph("Diane is in New Jersey now", { numId: 1 }),
    wParagraph("Sheila is in Texas, originally from Chicago", { numId: 1 }),
  ].join("");
  const blocks = await readDocx(docxArchive(body), "pyannote_sample.docx", documentLimits());
  return asPassages(blocks.map((b) => ({ begin: 0, end: 0, speaker: null, text: b.text })));
}
