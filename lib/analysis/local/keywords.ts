// Keywords and key phrases: content words and runs of two or three content words, scored by
// frequency times rarity (TF-IDF over blocks of the text).
import type { Passage } from "../types";
import { buildDocument, type LocalDocument } from "./document";
import type { Sentence, Word } from "./text";

export interface Keyword {
  /** As it is most often written in the text. */
  term: string;
  /** Relative to the best keyword (1). */
  score: number;
  /** The stems of its words, for finding it again in sentences. */
  stems: string[];
  /** How often it occurs in the sentences looked at. */
  count: number;
}

interface Candidate {
  stems: string[];
  count: number;
  surfaces: Map<string, number>;
}

/** A phrase must recur to count as one. */
const MIN_PHRASE_COUNT = 2;
const MAX_PHRASE_WORDS = 3;

/** The `n` best keywords and key phrases of the passages. */
export function topKeywords(passages: Passage[], n: number): { term: string; score: number }[] {
  return keywordsOf(buildDocument(passages), n).map(({ term, score }) => ({ term, score }));
}

/**
 * The `n` best keywords of some sentences of a document (all by default). Rarity is measured
 * over the whole document, so for a part of it the words that set it apart win.
 */
export function keywordsOf(doc: LocalDocument, n: number, sentences: readonly Sentence[] = doc.sentences): Keyword[] {
  const scored = [...collectCandidates(sentences).values()]
    .filter((c) => c.stems.length === 1 || c.count >= MIN_PHRASE_COUNT)
    .map((c) => ({ c, score: candidateScore(c, doc.idf) }))
    .sort((a, b) => b.score - a.score);
  let chosen: { c: Candidate; score: number; term: string }[] = [];
  for (const { c, score } of scored) {
    if (chosen.length >= n) break;
    const term = mostFrequent(c.surfaces);
    if (chosen.some((k) => isCoveredBy(c, k.c) || k.term.toLocaleLowerCase() === term.toLocaleLowerCase())) continue;
    // A phrase replaces the words of it chosen before that mostly occur inside it.
    chosen = chosen.filter((k) => !isCoveredBy(k.c, c));
    chosen.push({ c, score, term });
  }
  const best = chosen[0]?.score || 1;
  return chosen.map(({ c, score, term }) => ({ term, score: score / best, stems: c.stems, count: c.count }));
}

function collectCandidates(sentences: readonly Sentence[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  const add = (stems: string[], surface: string) => {
    const key = stems.join(" ");
    let c = candidates.get(key);
    if (!c) candidates.set(key, (c = { stems, count: 0, surfaces: new Map() }));
    c.count++;
    c.surfaces.set(surface, (c.surfaces.get(surface) ?? 0) + 1);
  };
  for (const s of sentences) {
    for (const run of contentRuns(s.words)) {
      for (let i = 0; i < run.length; i++) {
        for (let len = 1; len <= MAX_PHRASE_WORDS && i + len <= run.length; len++) {
          const words = run.slice(i, i + len);
          add(
            words.map((w) => w.stem),
            s.text.slice(words[0]!.start, words[len - 1]!.end),
          );
        }
      }
    }
  }
  return candidates;
}

/** Maximal runs of adjacent content words, broken by stopwords and punctuation. */
function contentRuns(words: readonly Word[]): Word[][] {
  const runs: Word[][] = [];
  let run: Word[] = [];
  for (const w of words) {
    if (!w.content || w.breakBefore) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (w.content) run.push(w);
  }
  if (run.length) runs.push(run);
  return runs;
}

/** Frequency × mean rarity of its words; a phrase gets a bonus for being specific. */
function candidateScore(c: Candidate, idf: Map<string, number>): number {
  const rarity = c.stems.reduce((sum, stem) => sum + (idf.get(stem) ?? 1), 0) / c.stems.length;
  return c.count * rarity * (1 + 0.5 * (c.stems.length - 1));
}

/** A word (or shorter phrase) mostly seen inside an already chosen phrase adds nothing. */
function isCoveredBy(c: Candidate, chosen: Candidate): boolean {
  if (c.stems.length >= chosen.stems.length) return false;
  const inside = ` ${chosen.stems.join(" ")} `.includes(` ${c.stems.join(" ")} `);
  return inside && c.count < 2 * chosen.count;
}

function mostFrequent(counts: Map<string, number>): string {
  let best = "";
  let bestCount = -1;
  for (const [value, count] of counts) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}
