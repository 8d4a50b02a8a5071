// Sentences and words of a transcript, in any of the nine interface languages. Intl.Segmenter
// (full ICU in Node 20) finds sentence ends and splits Chinese and Japanese into words.
import type { Locale } from "@/lib/i18n/locales";
import type { Passage } from "../types";
import { readBlocks, type BlockKind } from "./markdown";
import { STOPWORDS } from "./stopwords";

export type Language = Locale;

/** One word of a sentence, as the word segmenter found it. */
export interface Word {
  /** As written. */
  surface: string;
  /** Lower case, NFKC, elision removed ("l'équipe" → "équipe"): what stopwords are checked against. */
  norm: string;
  /** Light stem of `norm` ("meetings" → "meet"): what matching and counting use. */
  stem: string;
  /** Not a stopword, number or scrap: a word that can say what the text is about. */
  content: boolean;
  /** Punctuation (not just a space) stands between this word and the previous one, so no phrase spans them. */
  breakBefore: boolean;
  /** Offsets into the sentence text. */
  start: number;
  end: number;
}

export interface Sentence {
  /** Plain text: a document's markdown marks (headings, list markers, table pipes, escapes) removed. */
  text: string;
  /** A heading or a table row only names or lists things: summaries and quizzes quote prose alone. */
  block: BlockKind;
  passage: Passage;
  /** 0-based order in the whole transcript. */
  position: number;
  words: Word[];
  /** Length in word units: a spaced word is 1, a Chinese or Japanese character 2/3 (six characters ≈ four words). */
  units: number;
}

/** Below this many units a sentence is a fragment ("Okay, thanks."), kept only when nothing else is there. */
export const FRAGMENT_UNITS = 4;
/** Text without punctuation is cut into pseudo-sentences of about this many units. */
const PSEUDO_SENTENCE_UNITS = 20;
/** A punctuated sentence longer than this is cut at semicolons and colons. */
const LONG_SENTENCE_UNITS = 60;

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_CHARS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** Numbers, dates and amounts written in Chinese characters ("一百二十", "四月三日"). */
const HAN_NUMBER = /^[零〇一二三四五六七八九十百千万亿两半几多每第月日号年天周点分秒个条元块次]+$/u;
const TERMINAL_PUNCTUATION = /[.!?。！？…]["'”’)）」』]*$/u;
/** Sentence-segmenter splits after these are wrong ("Mr. | Smith"), so the pieces are joined again. */
const ABBREVIATION_END = /(?:^|\s)(?:mr|mrs|ms|dr|prof|sr|jr|st|vs|e\.g|i\.e|z\.b|bzw|ca|mme|dott|sig|[a-z])\.$/iu;

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(lang: Language, granularity: "word" | "sentence"): Intl.Segmenter {
  const key = `${lang}:${granularity}`;
  let s = segmenters.get(key);
  if (!s) segmenters.set(key, (s = new Intl.Segmenter(lang, { granularity })));
  return s;
}

/** NFC, typographic apostrophes made plain, zero-width characters removed, whitespace collapsed. */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u200b-\u200d\ufeff]/g, "")
    .replace(/[’‘]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Chinese and Japanese write words without spaces between them. */
export function writesWithoutSpaces(lang: Language): boolean {
  return lang === "zh" || lang === "ja";
}

export function hasTerminalPunctuation(text: string): boolean {
  return TERMINAL_PUNCTUATION.test(text);
}

/** Word units of a text (see Sentence.units). */
export function countUnits(text: string, lang: Language): number {
  const cjk = text.match(CJK_CHARS)?.length ?? 0;
  const others = tokenize(text.replace(CJK_CHARS, " "), lang).length;
  return others + (cjk * 2) / 3;
}

/**
 * The language of a text from its script, and for Latin script from which language's
 * stopwords it uses most. English when nothing decides.
 */
export function guessLanguage(text: string): Language {
  const sample = text.slice(0, 20_000);
  const count = (re: RegExp) => sample.match(re)?.length ?? 0;
  const han = count(/\p{Script=Han}/gu);
  const kana = count(/[\p{Script=Hiragana}\p{Script=Katakana}]/gu);
  const hangul = count(/\p{Script=Hangul}/gu);
  const cyrillic = count(/\p{Script=Cyrillic}/gu);
  const latin = count(/\p{Script=Latin}/gu);
  const letters = han + kana + hangul + cyrillic + latin;
  if (letters === 0) return "en";
  if (hangul / letters > 0.3) return "ko";
  if ((han + kana) / letters > 0.3) return kana > 0.1 * (han + kana) ? "ja" : "zh";
  if (cyrillic / letters > 0.3) return "ru";
  const words = sample.toLowerCase().match(/\p{L}+(?:'\p{L}+)?/gu) ?? [];
  const candidates: Language[] = ["en", "de", "fr", "es", "it"];
  const votes = candidates.map((lang) => words.filter((w) => STOPWORDS[lang].has(w)).length);
  return candidates[votes.indexOf(Math.max(...votes))]!;
}

/**
 * The sentences of the passages, in order, each knowing its passage. Every passage with text
 * gives at least one. A passage holding a document's markdown block is read as plain text
 * first: a heading or a table row is one sentence of its kind, each list item its own prose.
 */
export function splitSentences(passages: readonly Passage[], lang: Language): Sentence[] {
  const sentences: Sentence[] = [];
  for (const passage of passages) {
    for (const block of readBlocks(passage.text)) {
      const text = cleanText(block.text);
      if (!text) continue;
      for (const piece of block.kind === "prose" ? sentencePieces(text, lang) : [text]) {
        const words = tokenize(piece, lang);
        sentences.push({ text: piece, block: block.kind, passage, position: sentences.length, words, units: unitsOf(words) });
      }
    }
  }
  return sentences;
}

function sentencePieces(text: string, lang: Language): string[] {
  const segments = [...segmenter(lang, "sentence").segment(text)].map((s) => s.segment.trim()).filter(Boolean);
  return joinAbbreviations(segments).flatMap((s) => splitLong(s, lang));
}

function joinAbbreviations(segments: string[]): string[] {
  const out: string[] = [];
  for (const s of segments) {
    const last = out.length - 1;
    if (last >= 0 && ABBREVIATION_END.test(out[last]!)) out[last] = `${out[last]} ${s}`;
    else out.push(s);
  }
  return out;
}

/** Unpunctuated speech (pocketsphinx) becomes pseudo-sentences; very long sentences are cut at ; and :. */
function splitLong(sentence: string, lang: Language): string[] {
  const units = countUnits(sentence, lang);
  if (!hasTerminalPunctuation(sentence)) return units > PSEUDO_SENTENCE_UNITS * 1.5 ? chunk(sentence, lang, units) : [sentence];
  if (units <= LONG_SENTENCE_UNITS) return [sentence];
  const clauses = sentence.split(/(?<=[;:；：])\s*/u);
  const merged: string[] = [];
  for (const clause of clauses) {
    const last = merged.length - 1;
    if (last >= 0 && countUnits(merged[last]!, lang) < PSEUDO_SENTENCE_UNITS) merged[last] = `${merged[last]}${writesWithoutSpaces(lang) ? "" : " "}${clause}`;
    else merged.push(clause);
  }
  return merged.flatMap((c) => {
    const u = countUnits(c, lang);
    return u > LONG_SENTENCE_UNITS * 1.5 ? chunk(c, lang, u) : [c];
  });
}

// Words that often open a clause in unpunctuated speech ("... next year | so we ..."): a cut
// before one of them reads better than a cut in the middle of a phrase.
const CLAUSE_OPENERS: Partial<Record<Language, ReadonlySet<string>>> = {
  en: new Set("so and but because then i we you they what how why when now okay well also about".split(" ")),
  de: new Set("und aber also dann ich wir weil wenn jetzt".split(" ")),
  fr: new Set("et mais donc alors je nous on parce quand".split(" ")),
  es: new Set("y pero entonces porque yo nosotros cuando ahora".split(" ")),
  it: new Set("e ma allora quindi perché io noi quando".split(" ")),
  ru: new Set("и но так потом я мы потому когда".split(" ")),
  zh: new Set("然后 所以 但是 我们 那么 就是 因为 其实".split(" ")),
  ja: new Set("でも それで だから そして".split(" ")),
};

/**
 * Cuts text at word boundaries into pieces of about equal length near PSEUDO_SENTENCE_UNITS,
 * each cut moved to a clause opener when one is near.
 */
function chunk(text: string, lang: Language, units: number): string[] {
  const segments = [...segmenter(lang, "word").segment(text)];
  const words: { segment: number; at: number; opener: boolean }[] = [];
  let at = 0;
  segments.forEach((seg, i) => {
    if (!seg.isWordLike) return;
    words.push({ segment: i, at, opener: CLAUSE_OPENERS[lang]?.has(seg.segment.toLocaleLowerCase(lang)) ?? false });
    at += CJK_CHAR.test(seg.segment) ? (seg.segment.length * 2) / 3 : 1;
  });
  const pieces = Math.max(2, Math.round(units / PSEUDO_SENTENCE_UNITS));
  const size = units / pieces;
  const cuts: number[] = [];
  for (let k = 1; k < pieces; k++) {
    const target = k * size;
    const previous = cuts.length ? words.find((w) => w.segment === cuts[cuts.length - 1])!.at : 0;
    const near = words.filter((w) => Math.abs(w.at - target) <= size * 0.25 && w.at - previous >= size * 0.5);
    const distance = (w: { at: number }) => Math.abs(w.at - target);
    const best = near.filter((w) => w.opener).sort((a, b) => distance(a) - distance(b))[0] ?? near.sort((a, b) => distance(a) - distance(b))[0];
    if (best) cuts.push(best.segment);
  }
  const bounds = [0, ...cuts, segments.length];
  return bounds
    .slice(1)
    .map((end, i) => segments.slice(bounds[i], end).map((s) => s.segment).join("").trim())
    .filter(Boolean);
}

/** Word units of some words (see Sentence.units). */
export function unitsOf(words: readonly Word[]): number {
  return words.reduce((sum, w) => sum + (CJK_CHAR.test(w.surface) ? (w.surface.length * 2) / 3 : 1), 0);
}

/** The words of a text, with stems and whether each is a content word. */
export function tokenize(text: string, lang: Language): Word[] {
  const words: Word[] = [];
  let breakBefore = false;
  for (const seg of segmenter(lang, "word").segment(text)) {
    if (!seg.isWordLike) {
      if (/\S/u.test(seg.segment)) breakBefore = true;
      continue;
    }
    const norm = normalizeWord(seg.segment, lang);
    const stem = stemWord(norm, lang);
    words.push({ surface: seg.segment, norm, stem, content: isContentWord(seg.segment, norm, stem, lang), breakBefore, start: seg.index, end: seg.index + seg.segment.length });
    breakBefore = false;
  }
  return words;
}

/** Lower case, NFKC; French and Italian elisions ("l'", "dell'") dropped. */
export function normalizeWord(word: string, lang: Language): string {
  const lower = word.normalize("NFKC").toLocaleLowerCase(lang).replace(/[’‘]/g, "'");
  return lang === "fr" || lang === "it" ? lower.replace(/^\p{L}{1,5}'(?=\p{L}{2})/u, "") : lower;
}

export function isStopword(norm: string, lang: Language): boolean {
  return STOPWORDS[lang].has(norm) || STOPWORDS.en.has(norm);
}

function isContentWord(surface: string, norm: string, stem: string, lang: Language): boolean {
  if (isStopword(norm, lang) || isStopword(stem, lang)) return false;
  if (!/\p{L}/u.test(norm)) return false;
  if (CJK_CHAR.test(norm)) return !/^\p{Script=Hiragana}+$/u.test(norm) && !HAN_NUMBER.test(norm) && [...norm].length >= 2;
  if (/\p{Script=Hangul}/u.test(norm)) return [...stem].length >= 2;
  const acronym = surface.length >= 2 && surface === surface.toLocaleUpperCase(lang) && /\p{Lu}/u.test(surface);
  return [...norm].length >= 3 || acronym;
}

// Light suffix stripping: enough to match "meetings" with "meeting" and "progetti" with
// "progetto", not a full stemmer. Longest suffix first; the stem keeps at least `min` letters.
const SUFFIXES: Partial<Record<Language, { min: number; list: string[] }>> = {
  de: { min: 4, list: ["ungen", "ung", "en", "er", "es", "e", "n", "s"] },
  fr: { min: 4, list: ["ements", "ement", "euses", "euse", "eux", "es", "s", "e", "x"] },
  es: { min: 4, list: ["aciones", "ación", "amente", "mente", "os", "as", "es", "s", "o", "a", "e"] },
  it: { min: 4, list: ["azioni", "azione", "mente", "i", "e", "o", "a"] },
  ru: {
    min: 4,
    list: ["иями", "ями", "ами", "ого", "его", "ому", "ему", "ыми", "ими", "ой", "ей", "ий", "ый", "ая", "яя", "ое", "ее", "ом", "ем", "ам", "ям", "ах", "ях", "ов", "ев", "ую", "юю", "а", "я", "ы", "и", "у", "ю", "е", "о", "ь"],
  },
};
const KOREAN_PARTICLES = ["에서는", "에게서", "으로는", "에서", "에게", "으로", "까지", "부터", "처럼", "보다", "이나", "이랑", "하고", "은", "는", "이", "가", "을", "를", "에", "의", "와", "과", "도", "로", "만", "요"];

export function stemWord(norm: string, lang: Language): string {
  if (lang === "en") return stemEnglish(norm);
  if (lang === "ko") return stripKoreanParticle(norm);
  const rule = SUFFIXES[lang];
  if (!rule) return norm;
  const suffix = rule.list.find((s) => norm.endsWith(s) && norm.length - s.length >= rule.min);
  return suffix ? norm.slice(0, -suffix.length) : norm;
}

function stemEnglish(word: string): string {
  if (word.length <= 3 || !/^[a-z']+$/.test(word)) return word;
  let w = word;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith("ing") && w.length >= 6) w = undouble(w.slice(0, -3));
  else if (w.endsWith("ed") && w.length >= 6) w = undouble(w.slice(0, -2));
  return w.length > 3 ? w.replace(/e$/, "") : w;
}

/** "planning" → "plann" → "plan". */
function undouble(stem: string): string {
  return /([bdfgmnprt])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

function stripKoreanParticle(word: string): string {
  const chars = [...word];
  const particle = KOREAN_PARTICLES.find((p) => word.endsWith(p) && chars.length - [...p].length >= ([...p].length === 1 ? 2 : 1));
  return particle ? word.slice(0, -particle.length) : word;
}
