import "server-only";
import crypto from "node:crypto";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { composePronunciation, readDictionary } from "./pronunciation";
import { boosted, TrieLm } from "./trie-lm";

export { composePronunciation, readDictionary } from "./pronunciation";
export { unigramLog10 } from "./trie-lm";

/**
 * Hotwords for the embedded pocketsphinx engine: a copy of the model's trie
 * language model in which the user's words are more likely, plus, when some
 * word is missing from the pronunciation dictionary, a dictionary that has it.
 *
 * Why the binary is patched instead of going through ARPA text: Debian's
 * `sphinx_lm_convert` (sphinxbase 5prealpha) aborts when it writes
 * `en-us.lm.bin` as ARPA (its header declares 2051547 bigrams, the trie holds
 * 2051541; fixed upstream in cmusphinx/pocketsphinx#501, not in Debian), so
 * only the unigrams would come out. The trie layout is simple enough to edit
 * in place instead (see `TrieLm`):
 * - every n-gram that ends in a hotword gets a bonus: the unigram, and the
 *   bigrams and trigrams stored under it (the trie keeps n-grams reversed, so
 *   all n-grams predicting word w sit in w's subtree; nothing else is read);
 * - a hotword missing from the LM is appended as a new unigram (the decoder
 *   never produces a word that is not in the LM, whatever the dictionary says);
 * - the other unigrams are scaled down so the unigrams still sum to one.
 * New bigrams cannot be inserted without rebuilding the trie, so a
 * multi-word hotword is boosted word by word, not as a phrase.
 *
 * There is no letter-to-sound rule in this pocketsphinx build (no `-g2p`), so
 * a word missing from cmudict gets a pronunciation composed from dictionary
 * words ("woodcutters" = "wood" + "cutters"), or letter by letter for a short
 * all-capital acronym; a word that cannot be composed is skipped.
 *
 * Built models are cached on disk by a hash of the word set (one LM is about
 * the size of the base LM, 27 MB), least recently used first out.
 */

/** Bumped whenever the output for the same words changes, so old cache entries are not reused. */
const FORMAT_VERSION = 1;

/**
 * Log10 bonus for every n-gram ending in a hotword (about 300 times more
 * likely). Chosen on the corpus clips (bench/hotwords.ts): 2 to 2.5 fix most
 * hotwords there and leave the other clips as they were; 3 fixes a few more but
 * makes a boosted word ("ill") replace sounds in a clip that does not have it.
 */
export const DEFAULT_HOTWORD_BONUS = 2.5;
/**
 * Boosted probabilities stop here (log10), unless they already were higher:
 * a hotword becomes at most as frequent as an everyday word (1 in 3000) on
 * its own, and at most 1 in 10 after a given context.
 */
const MAX_BOOSTED_UNIGRAM_LOG10 = -3.5;
const MAX_BOOSTED_NGRAM_LOG10 = -1;
/** Words more frequent than this (log10 unigram) are left alone: "of" or "mister" in a hotword need no help. */
const COMMON_WORD_LOG10 = -4;
/** A word new to the LM starts as likely as a rare word of the LM (three quarters of its 72k words are rarer). */
const NEW_WORD_LOG10 = -6;
/** How many hotword sets stay cached on disk. */
const DEFAULT_MAX_CACHED = 12;

export interface HotwordModelOptions {
  /** The model's trie LM (`-lm`) and dictionary (`-dict`) to start from. */
  baseLm: string;
  baseDict: string;
  /** Where built models are kept; default `<system temp>/tingji-hotword-lm`. */
  cacheDir?: string;
  /** Log10 bonus; default DEFAULT_HOTWORD_BONUS. */
  bonus?: number;
  /** Hotword sets kept on disk; default 12. */
  maxCached?: number;
}

export interface HotwordModel {
  lm: string;
  dict: string;
  /** Words already in the LM whose n-grams got the bonus. */
  boosted: string[];
  /** Words appended to the LM as new unigrams (with the bonus). */
  added: string[];
  /** Pronunciations composed for words missing from the dictionary. */
  composed: Record<string, string>;
  /** Frequent words left as they are. */
  common: string[];
  /** Words left out: no pronunciation could be composed, or digits. */
  skipped: string[];
  /** True when this call found the model already built. */
  cached: boolean;
}

type Summary = Omit<HotwordModel, "lm" | "dict" | "cached">;

export function defaultHotwordCacheDir(): string {
  return path.join(os.tmpdir(), "tingji-hotword-lm");
}

/**
 * The English words of a hotword list, lower case, unique and sorted.
 * Entries in Chinese (or any script but Latin) give nothing: the US English
 * model has neither their sounds nor their words. Accents are dropped
 * ("Zürich" is "zurich"), hyphens split words.
 */
export function hotwordVocabulary(hotwords: readonly string[]): string[] {
  const words = new Set<string>();
  for (const entry of hotwords) for (const t of latinTokens(entry)) words.add(t.toLowerCase());
  return [...words].sort();
}

/** Latin-script tokens of one entry, case kept (for acronyms). */
function latinTokens(entry: string): string[] {
  return entry
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[‘’]/g, "'")
    .split(/[^A-Za-z0-9']+/)
    .map((t) => t.replace(/^'+|'+$/g, ""))
    .filter((t) => /[A-Za-z]/.test(t));
}

/** Short all-capital tokens ("GPT"), which may be spelled letter by letter. */
function acronyms(hotwords: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of hotwords) for (const t of latinTokens(entry)) if (/^[A-Z]{2,5}$/.test(t)) out.add(t.toLowerCase());
  return out;
}

const building = new Map<string, Promise<Summary>>();

/**
 * The LM and dictionary for these hotwords, built on first use and then read
 * from the cache. Concurrent calls for the same set (transcribeLong's
 * parallel chunks) share one build. Undefined when the list has no English
 * word.
 */
export async function hotwordModel(hotwords: readonly string[], opts: HotwordModelOptions): Promise<HotwordModel | undefined> {
  const words = hotwordVocabulary(hotwords);
  if (words.length === 0) return undefined;
  const settings = resolve(opts);
  const files = await cacheFiles(words, hotwords, settings);
  const found = await readCachedSummary(files);
  if (found) {
    await markUsed(files);
    return { ...found, ...modelFiles(found, files, settings), cached: true };
  }
  let build = building.get(files.key);
  if (!build) {
    build = buildModel(words, acronyms(hotwords), files, settings).finally(() => building.delete(files.key));
    building.set(files.key, build);
  }
  const built = await build;
  return { ...built, ...modelFiles(built, files, settings), cached: false };
}

/** Drops the cached model of a hotword set (benchmarks use it to time a first build). */
export async function removeCachedHotwordModel(hotwords: readonly string[], opts: HotwordModelOptions): Promise<void> {
  const words = hotwordVocabulary(hotwords);
  if (words.length === 0) return;
  const files = await cacheFiles(words, hotwords, resolve(opts));
  await Promise.all([files.summary, files.lm, files.dict].map((f) => fsp.rm(f, { force: true })));
}

type Settings = Required<HotwordModelOptions>;

function resolve(opts: HotwordModelOptions): Settings {
  return {
    cacheDir: opts.cacheDir ?? defaultHotwordCacheDir(),
    bonus: opts.bonus ?? DEFAULT_HOTWORD_BONUS,
    maxCached: opts.maxCached ?? DEFAULT_MAX_CACHED,
    baseLm: opts.baseLm,
    baseDict: opts.baseDict,
  };
}

interface CacheFiles {
  key: string;
  lm: string;
  dict: string;
  /** Written last: its presence means the LM and dictionary are complete. */
  summary: string;
}

async function cacheFiles(words: string[], hotwords: readonly string[], s: Settings): Promise<CacheFiles> {
  // The base files' size and time are in the key, so a model update invalidates the cache.
  const [lmStat, dictStat] = await Promise.all([fsp.stat(s.baseLm), fsp.stat(s.baseDict)]);
  const key = crypto
    .createHash("sha256")
    .update(JSON.stringify({ v: FORMAT_VERSION, words, acronyms: [...acronyms(hotwords)].sort(), bonus: s.bonus, lm: [s.baseLm, lmStat.size, lmStat.mtimeMs], dict: [s.baseDict, dictStat.size, dictStat.mtimeMs] }))
    .digest("hex")
    .slice(0, 24);
  const base = path.join(s.cacheDir, key);
  return { key, lm: `${base}.lm.bin`, dict: `${base}.dict`, summary: `${base}.json` };
}

/** The decoder's files: the base dictionary unless a pronunciation had to be composed. */
function modelFiles(summary: Summary, files: CacheFiles, s: Settings): { lm: string; dict: string } {
  return { lm: files.lm, dict: Object.keys(summary.composed).length ? files.dict : s.baseDict };
}

async function readCachedSummary(files: CacheFiles): Promise<Summary | undefined> {
  try {
    const summary = JSON.parse(await fsp.readFile(files.summary, "utf8")) as Summary;
    await fsp.access(files.lm);
    if (Object.keys(summary.composed).length) await fsp.access(files.dict);
    return summary;
  } catch {
    return undefined; // not built yet, or evicted or cleaned from the temp dir: build again
  }
}

/** The summary file's time is the set's last use, for the eviction order. */
async function markUsed(files: CacheFiles): Promise<void> {
  const now = new Date();
  await fsp.utimes(files.summary, now, now).catch(() => undefined);
}

async function buildModel(words: string[], acronymSet: Set<string>, files: CacheFiles, s: Settings): Promise<Summary> {
  const [lmBytes, dictText] = await Promise.all([fsp.readFile(s.baseLm), fsp.readFile(s.baseDict, "latin1")]);
  const base = new TrieLm(lmBytes);
  const summary = sortWords(words, base, readDictionary(dictText), acronymSet);
  const lm = applyBonus(base, summary, s.bonus);

  await fsp.mkdir(s.cacheDir, { recursive: true });
  await writeAtomically(files.lm, lm.bytes());
  if (Object.keys(summary.composed).length) {
    const extra = Object.entries(summary.composed).map(([w, p]) => `${w} ${p}\n`).join("");
    await writeAtomically(files.dict, Buffer.from(`${dictText.replace(/\n*$/, "\n")}${extra}`, "latin1"));
  }
  // Last, so that a summary on disk always means a complete model.
  await writeAtomically(files.summary, Buffer.from(JSON.stringify(summary)));
  await evictOldModels(s.cacheDir, s.maxCached, files.key);
  return summary;
}

/** Decides, per word, what happens to it: boost, add, leave (frequent) or skip (unpronounceable). */
function sortWords(words: string[], lm: TrieLm, dictionary: Map<string, string>, acronymSet: Set<string>): Summary {
  const summary: Summary = { boosted: [], added: [], composed: {}, common: [], skipped: [] };
  for (const word of words) {
    const id = lm.wordId(word);
    if (id !== undefined && lm.unigramLog10(id) > COMMON_WORD_LOG10) {
      summary.common.push(word);
      continue;
    }
    const pronunciation = /^[a-z']+$/.test(word) ? (dictionary.get(word) ?? composePronunciation(word, dictionary, acronymSet.has(word))) : undefined;
    if (!pronunciation) {
      summary.skipped.push(word); // the decoder could never output it
      continue;
    }
    if (!dictionary.has(word)) summary.composed[word] = pronunciation;
    (id === undefined ? summary.added : summary.boosted).push(word);
  }
  if (!lm.canAppend(summary.added.length)) {
    // Would widen the word index of every n-gram record; far beyond 500 hotwords.
    for (const w of summary.added) delete summary.composed[w];
    summary.skipped.push(...summary.added);
    summary.added = [];
  }
  return summary;
}

function applyBonus(base: TrieLm, summary: Summary, bonus: number): TrieLm {
  const boostedIds = summary.boosted.map((w) => base.wordId(w)!);
  for (const id of boostedIds) base.boostWord(id, bonus, { unigram: MAX_BOOSTED_UNIGRAM_LOG10, ngram: MAX_BOOSTED_NGRAM_LOG10 });
  const lm = summary.added.length ? base.withWords(summary.added, boosted(NEW_WORD_LOG10, bonus, MAX_BOOSTED_UNIGRAM_LOG10)) : base;
  lm.renormaliseUnigrams(new Set([...boostedIds, ...summary.added.map((w) => lm.wordId(w)!)]));
  return lm;
}

/** Write then rename, so another process never loads half a file. */
async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fsp.writeFile(tmp, data);
  await fsp.rename(tmp, file);
}

/** Keeps the `keep` most recently used sets; a decoder that already opened a deleted file reads on unharmed. */
async function evictOldModels(dir: string, keep: number, current: string): Promise<void> {
  const entries = await fsp.readdir(dir);
  const sets = await Promise.all(
    entries
      .filter((f) => f.endsWith(".json"))
      .map(async (f) => ({ key: f.slice(0, -".json".length), usedAt: (await fsp.stat(path.join(dir, f)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  const old = sets.filter((e) => e.key !== current).sort((a, b) => b.usedAt - a.usedAt).slice(Math.max(0, keep - 1));
  for (const { key } of old) {
    await Promise.all([".json", ".lm.bin", ".dict"].map((ext) => fsp.rm(path.join(dir, key + ext), { force: true })));
  }
}
