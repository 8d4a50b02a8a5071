/**
 * What user hotwords do for the embedded pocketsphinx engine
 * (lib/speech/hotword-lm.ts): WER without and with hotwords on the English
 * corpus clips, a control, the cost of building and of reusing a hotword
 * model, and how the result moves with the bonus.
 *
 *   npx tsx --conditions=react-server bench/hotwords.ts            # print
 *   npx tsx --conditions=react-server bench/hotwords.ts --record   # and write the "hotwords" section of bench/README.md
 *
 * Hotwords are what a user would enter for a recording: the rare words and
 * names of its topic, taken from the reference texts. One list per topic
 * applies to all clips of that topic, so clips of a topic that lack some of
 * its hotwords show whether the others hurt. The control decodes the clips
 * of no topic with the union of all lists.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { DEFAULT_HOTWORD_BONUS, hotwordModel, hotwordVocabulary, readDictionary, removeCachedHotwordModel } from "@/lib/speech/hotword-lm";
import { FAST_DECODER_ARGS, POCKETSPHINX_MODEL, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { normalizedEnglishClips } from "./lib/corpus";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";
import { addCounts, errorRate, normalizeWords, werCounts, type WerCounts } from "./lib/wer";

const TOPICS: { name: string; clips: RegExp; hotwords: string[] }[] = [
  { name: "printing (LJ001)", clips: /en_LJ001-/, hotwords: ["Gutenberg", "movable types", "woodcutters", "Netherlands", "typography", "predecessors"] },
  { name: "Sense and Sensibility (librivox)", clips: /en_librivox_ss01_/, hotwords: ["Dashwood", "amiable", "prudently", "ill disposed"] },
  { name: "Mr. Quilter (leopard)", clips: /en_leopard_test/, hotwords: ["Mr. Quilter", "apostle", "gospel"] },
  { name: "antecedents (librispeech 2412)", clips: /en_librispeech-2412-/, hotwords: ["antecedents"] },
  { name: "review (LJ050)", clips: /en_LJ050-/, hotwords: ["thereunder"] },
];
const ALL_HOTWORDS = TOPICS.flatMap((t) => t.hotwords);
const SWEEP = [1, 2, 2.5, 3, 4];
const BASE = { baseLm: POCKETSPHINX_MODEL.lm, baseDict: POCKETSPHINX_MODEL.dict };

interface Clip {
  file: string;
  wav: string;
  reference: string;
  /** The hotword list of the clip's topic; undefined for control clips. */
  hotwords?: string[];
}

interface ClipResult {
  clip: Clip;
  without: { text: string; counts: WerCounts; sec: number };
  with: { text: string; counts: WerCounts; sec: number };
}

export interface HotwordsReport {
  /** Occurrences of hotword words in the references of topic clips, and how many each run got. */
  hits: { words: number; without: number; with: number; missed: string[] };
  topic: { without: number; with: number; words: number };
  control: { without: number; with: number; words: number };
  clips: ClipResult[];
  timing: { clip: string; entries: number; buildMs: number; cachedMs: number; build500Ms: number; firstCallSec: number; cachedCallSec: number; plainCallSec: number };
  sweep: { bonus: number; topicWer: number; controlWer: number }[];
}

const engine = pocketsphinxEngine();

async function transcribe(wav: string, hotwords?: string[]): Promise<{ text: string; sec: number }> {
  const t0 = performance.now();
  const result = await engine.transcribe(wav, { hotwords });
  return { text: result.segments.map((s) => s.text).join(" "), sec: (performance.now() - t0) / 1000 };
}

function score(reference: string, text: string): WerCounts {
  return werCounts(normalizeWords(reference), normalizeWords(text));
}

const zero = (): WerCounts => ({ substitutions: 0, deletions: 0, insertions: 0, words: 0 });
const sum = (list: WerCounts[]) => list.reduce(addCounts, zero());
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** Without and with hotwords, per clip; control clips get the union of all lists. */
async function compareClips(clips: Clip[]): Promise<ClipResult[]> {
  // Start cold, so that the times include one build per set.
  for (const list of [...TOPICS.map((t) => t.hotwords), ALL_HOTWORDS]) await removeCachedHotwordModel(list, BASE);
  const out: ClipResult[] = [];
  for (const clip of clips) {
    const without = await transcribe(clip.wav);
    const withHw = await transcribe(clip.wav, clip.hotwords ?? ALL_HOTWORDS);
    out.push({ clip, without: { ...without, counts: score(clip.reference, without.text) }, with: { ...withHw, counts: score(clip.reference, withHw.text) } });
  }
  return out;
}

/** First call (the model is built), cached call, and the plain call, on one clip; and a build for 500 hotwords. */
async function measureTiming(clip: Clip): Promise<HotwordsReport["timing"]> {
  const hotwords = clip.hotwords!;
  await removeCachedHotwordModel(hotwords, BASE);
  const t0 = performance.now();
  await hotwordModel(hotwords, BASE);
  const buildMs = performance.now() - t0;
  const t1 = performance.now();
  await hotwordModel(hotwords, BASE);
  const cachedMs = performance.now() - t1;

  await removeCachedHotwordModel(hotwords, BASE);
  const firstCallSec = (await transcribe(clip.wav, hotwords)).sec;
  const cachedCallSec = (await transcribe(clip.wav, hotwords)).sec;
  const plainCallSec = (await transcribe(clip.wav)).sec;

  const many = fiveHundredWords();
  const cacheDir = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-hotwords-500-"));
  try {
    const t2 = performance.now();
    await hotwordModel(many, { ...BASE, cacheDir });
    return { clip: path.basename(clip.file), entries: hotwords.length, buildMs, cachedMs, build500Ms: performance.now() - t2, firstCallSec, cachedCallSec, plainCallSec };
  } finally {
    await fsp.rm(cacheDir, { recursive: true, force: true });
  }
}

/** 500 dictionary words spread over the alphabet: the largest list a user may keep. */
function fiveHundredWords(): string[] {
  const words = [...readDictionary(fs.readFileSync(POCKETSPHINX_MODEL.dict, "latin1")).keys()].filter((w) => /^[a-z]{5,}$/.test(w));
  const step = Math.floor(words.length / 500);
  return Array.from({ length: 500 }, (_, i) => words[i * step]!);
}

const run = promisify(execFile);

/** The decoder as the engine runs it, with a model built for another bonus (the engine always uses the default). */
async function decodeWithBonus(wav: string, hotwords: string[], bonus: number, cacheDir: string): Promise<string> {
  const model = await hotwordModel(hotwords, { ...BASE, cacheDir, bonus });
  const { stdout } = await run("pocketsphinx_continuous", ["-infile", wav, "-hmm", POCKETSPHINX_MODEL.hmm, "-lm", model!.lm, "-dict", model!.dict, "-logfn", "/dev/null", ...FAST_DECODER_ARGS]);
  return stdout.replace(/\n/g, " ");
}

async function sweepBonus(clips: Clip[]): Promise<HotwordsReport["sweep"]> {
  const cacheDir = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-hotwords-sweep-"));
  try {
    const rows: HotwordsReport["sweep"] = [];
    for (const bonus of SWEEP) {
      const topic: WerCounts[] = [];
      const control: WerCounts[] = [];
      for (const clip of clips) {
        const text = await decodeWithBonus(clip.wav, clip.hotwords ?? ALL_HOTWORDS, bonus, cacheDir);
        (clip.hotwords ? topic : control).push(score(clip.reference, text));
      }
      rows.push({ bonus, topicWer: errorRate(sum(topic)), controlWer: errorRate(sum(control)) });
      console.log(`bonus ${bonus}: topic ${pct(rows.at(-1)!.topicWer)}, control ${pct(rows.at(-1)!.controlWer)}`);
    }
    return rows;
  } finally {
    await fsp.rm(cacheDir, { recursive: true, force: true });
  }
}

/** How many of the reference's hotword words (as many times as they occur) the text has. */
function hotwordHits(reference: string, text: string, hotwords: string[]): { words: string[]; found: string[] } {
  const vocabulary = new Set(hotwordVocabulary(hotwords));
  const said = new Map<string, number>();
  for (const w of normalizeWords(text)) said.set(w, (said.get(w) ?? 0) + 1);
  const words = normalizeWords(reference).filter((w) => vocabulary.has(w));
  const found = words.filter((w) => {
    const n = said.get(w) ?? 0;
    said.set(w, n - 1);
    return n > 0;
  });
  return { words, found };
}

function countHits(results: ClipResult[]): HotwordsReport["hits"] {
  const hits = { words: 0, without: 0, with: 0, missed: [] as string[] };
  for (const r of results.filter((x) => x.clip.hotwords)) {
    const without = hotwordHits(r.clip.reference, r.without.text, r.clip.hotwords!);
    const withHw = hotwordHits(r.clip.reference, r.with.text, r.clip.hotwords!);
    hits.words += without.words.length;
    hits.without += without.found.length;
    hits.with += withHw.found.length;
    const left = [...withHw.found];
    for (const w of withHw.words) {
      const i = left.indexOf(w);
      if (i >= 0) left.splice(i, 1);
      else hits.missed.push(w);
    }
  }
  return hits;
}

function markdown(r: HotwordsReport): string {
  const perClip = [
    "| clip | hotwords | WER without | WER with |",
    "|---|---|---|---|",
    ...r.clips.map((c) => `| ${path.basename(c.clip.file)} | ${c.clip.hotwords ? c.clip.hotwords.join(", ") : "(control: all lists)"} | ${pct(errorRate(c.without.counts))} | ${pct(errorRate(c.with.counts))} |`),
    `| **clips of a topic** (${r.topic.words} words) | their topic's list | **${pct(r.topic.without)}** | **${pct(r.topic.with)}** |`,
    `| **control clips** (${r.control.words} words) | all ${ALL_HOTWORDS.length} entries | **${pct(r.control.without)}** | **${pct(r.control.with)}** |`,
  ];
  const changed = r.clips.filter((c) => c.without.text !== c.with.text).map((c) => `- ${path.basename(c.clip.file)}: "${c.without.text}" → "${c.with.text}"`);
  const sweep = ["| bonus (log10) | WER, clips of a topic | WER, control clips |", "|---|---|---|", `| none | ${pct(r.topic.without)} | ${pct(r.control.without)} |`, ...r.sweep.map((s) => `| ${s.bonus}${s.bonus === DEFAULT_HOTWORD_BONUS ? " (default)" : ""} | ${pct(s.topicWer)} | ${pct(s.controlWer)} |`)];
  const t = r.timing;
  const decodeSec = (k: "without" | "with") => r.clips.reduce((n, c) => n + c[k].sec, 0);
  return [
    "Hotwords for the embedded pocketsphinx engine (`lib/speech/hotword-lm.ts`: the n-grams ending in a hotword get a log10 bonus in a copy",
    "of the trie LM, words missing from the LM are added, pronunciations missing from cmudict are composed from dictionary words).",
    "Hotword lists are the rare words and names of each clip's topic, one list for all clips of the topic; the control clips",
    "(no topic) are decoded with all lists together. Case and punctuation normalised as in speech-wer.",
    "",
    "Command: `npx tsx --conditions=react-server bench/hotwords.ts --record`.",
    "",
    `Measured ${machineLine()}.`,
    "",
    ...perClip,
    "",
    `Hotword words said in the topic clips: ${r.hits.words}; recognised without hotwords ${r.hits.without}, with ${r.hits.with}. Still missed: ${[...new Set(r.hits.missed)].join(", ") || "none"}.`,
    "",
    "What changed with hotwords:",
    "",
    ...changed,
    "",
    `Cost: building the model for a new hotword set ${t.buildMs.toFixed(0)} ms (${t.entries} entries; ${t.build500Ms.toFixed(0)} ms for 500 words),`,
    `finding it cached ${t.cachedMs.toFixed(1)} ms. One ${t.clip} call: ${t.plainCallSec.toFixed(2)} s without hotwords,`,
    `${t.firstCallSec.toFixed(2)} s with hotwords on the first call (build included), ${t.cachedCallSec.toFixed(2)} s on a later call. Each cached set takes about 27 MB`,
    "in the temp dir (12 sets kept, least recently used out).",
    `All ${r.clips.length} clips, one at a time: ${decodeSec("without").toFixed(1)} s without hotwords, ${decodeSec("with").toFixed(1)} s with (each set built once, on its first clip).`,
    "",
    "Bonus sweep (same clips; the bonus was chosen on these same clips, so the gain is optimistic):",
    "",
    ...sweep,
  ].join("\n");
}

export async function runHotwordsBench(opts: { record?: boolean } = {}): Promise<HotwordsReport> {
  const tmp = await fsp.mkdtemp(path.join(os.tmpdir(), "bench-hotwords-"));
  try {
    const clips: Clip[] = (await normalizedEnglishClips(tmp)).map((c) => ({ ...c, hotwords: TOPICS.find((t) => t.clips.test(c.file))?.hotwords }));
    const results = await compareClips(clips);
    for (const r of results) console.log(`${path.basename(r.clip.file)}: ${pct(errorRate(r.without.counts))} → ${pct(errorRate(r.with.counts))}  "${r.with.text}"`);
    const part = (topic: boolean) => {
      const rs = results.filter((r) => Boolean(r.clip.hotwords) === topic);
      return { without: errorRate(sum(rs.map((r) => r.without.counts))), with: errorRate(sum(rs.map((r) => r.with.counts))), words: sum(rs.map((r) => r.without.counts)).words };
    };
    const timing = await measureTiming(clips.find((c) => c.hotwords)!);
    const report: HotwordsReport = { hits: countHits(results), topic: part(true), control: part(false), clips: results, timing, sweep: await sweepBonus(clips) };
    const text = markdown(report);
    console.log(`\n${text}`);
    if (opts.record) writeReadmeSection("hotwords", text);
    return report;
  } finally {
    await fsp.rm(tmp, { recursive: true, force: true });
    // The engine cached these sets in the system temp dir; they are of no use after the bench.
    for (const list of [...TOPICS.map((t) => t.hotwords), ALL_HOTWORDS]) await removeCachedHotwordModel(list, BASE);
  }
}

if (require.main === module) {
  runHotwordsBench({ record: process.argv.includes("--record") }).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
