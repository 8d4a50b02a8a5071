// BM25 retrieval over the passages of a transcript. Terms are word stems; Chinese and Japanese
// text adds characters and character bigrams, so a word still matches where the segmenter cut differently.
import type { Passage } from "../types";
import type { LocalDocument } from "./document";
import { isStopword, tokenize, type Language } from "./text";

export interface SearchHit {
  passage: Passage;
  score: number;
  /** Share of the question's weight (IDF) that this passage matches, 0..1. */
  coverage: number;
  /** The query terms found in the passage. */
  matched: Set<string>;
}

export interface PassageIndex {
  search(query: string): SearchHit[];
}

const K1 = 1.2;
const B = 0.75;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

export function buildPassageIndex(doc: LocalDocument): PassageIndex {
  const byPassage = new Map<Passage, string[]>();
  for (const s of doc.sentences) {
    const terms = byPassage.get(s.passage) ?? [];
    if (!byPassage.has(s.passage)) terms.push(...speakerTerms(s.passage.speaker, doc.lang));
    terms.push(...searchTerms(s.text, doc.lang));
    byPassage.set(s.passage, terms);
  }
  const entries = [...byPassage].map(([passage, terms]) => ({ passage, counts: countTerms(terms), length: terms.length }));
  const df = new Map<string, number>();
  for (const e of entries) for (const term of e.counts.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  const n = entries.length;
  const avgLength = entries.reduce((sum, e) => sum + e.length, 0) / Math.max(1, n);
  const idf = (term: string) => Math.log(1 + (n - (df.get(term) ?? 0) + 0.5) / ((df.get(term) ?? 0) + 0.5));

  return {
    search(query) {
      const terms = [...new Set(searchTerms(query, doc.lang))];
      const totalWeight = terms.reduce((sum, term) => sum + idf(term), 0);
      if (!totalWeight) return [];
      return entries
        .map((e) => {
          let score = 0;
          let matchedWeight = 0;
          const matched = new Set<string>();
          for (const term of terms) {
            const tf = e.counts.get(term);
            if (!tf) continue;
            score += (idf(term) * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * e.length) / avgLength));
            matchedWeight += idf(term);
            matched.add(term);
          }
          return { passage: e.passage, score, coverage: matchedWeight / totalWeight, matched };
        })
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score || a.passage.index - b.passage.index);
    },
  };
}

/**
 * Content-word stems; for Chinese and Japanese also single characters and character bigrams of
 * the text between stopwords ("登录为什么慢" → 登录, 慢), so that partial words match.
 */
export function searchTerms(text: string, lang: Language): string[] {
  const words = tokenize(text, lang);
  const terms = words.filter((w) => w.content).map((w) => w.stem);
  let run: string[] = [];
  const flush = () => {
    for (let i = 0; i + 1 < run.length; i++) terms.push(run[i]! + run[i + 1]!);
    run = [];
  };
  for (const w of words) {
    if (w.breakBefore || !CJK_CHAR.test(w.surface) || isStopword(w.norm, lang)) flush();
    if (!CJK_CHAR.test(w.surface) || isStopword(w.norm, lang)) continue;
    const chars = [...w.norm];
    if (chars.length === 1) terms.push(w.norm);
    run.push(...chars);
  }
  flush();
  return terms;
}

/** "Maria" finds what Maria said; generic labels like "Speaker 2" add nothing (numbers are not terms). */
function speakerTerms(speaker: string | null, lang: Language): string[] {
  return speaker ? searchTerms(speaker, lang) : [];
}

function countTerms(terms: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
