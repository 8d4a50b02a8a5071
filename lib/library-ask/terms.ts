// A question as search terms, and BM25 over passages. Pure code (unit-tested).
import { guessLanguage, tokenize, type Language } from "@/lib/analysis/local/text";
import { bigramPhrase } from "@/lib/search/match";

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

export interface QuestionTerm {
  /** English-like stem matched as a word prefix, or a CJK word matched as a substring. */
  key: string;
  cjk: boolean;
}

/** The question's content words (stopwords and question words dropped), at most 12. */
export function questionTerms(question: string): { terms: QuestionTerm[]; lang: Language } {
  const lang = guessLanguage(question);
  const seen = new Set<string>();
  const terms: QuestionTerm[] = [];
  for (const w of tokenize(question, lang)) {
    if (!w.content) continue;
    const cjk = CJK.test(w.norm);
    // A stem shorter than three letters would match half the library as a prefix.
    const key = cjk ? w.norm : w.stem.length >= 3 ? w.stem : w.norm;
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ key, cjk });
    if (terms.length >= 12) break;
  }
  return { terms, lang };
}

/** to_tsquery('simple') text matching an entry with ANY of the terms (Latin as prefixes, CJK as bigram phrases). */
export function anyTermTsquery(terms: QuestionTerm[]): string {
  return terms.map((t) => (t.cjk ? bigramPhrase(t.key) : `'${t.key.replace(/[^\p{L}\p{N}\p{M}]/gu, "")}':*`)).filter((x) => x !== "'':*").join(" | ");
}

const WORD = /[\p{L}\p{N}\p{M}']+/gu;

/** How often each term occurs in a text, and the text's length in words (CJK characters count 2/3). */
export function termCounts(text: string, terms: QuestionTerm[]): { counts: number[]; length: number } {
  const lower = text.toLowerCase();
  const words = lower.match(WORD) ?? [];
  const cjkChars = (lower.match(new RegExp(CJK.source, "gu")) ?? []).length;
  const counts = terms.map((t) => {
    if (t.cjk) return lower.split(t.key).length - 1;
    return words.filter((w) => w.startsWith(t.key)).length;
  });
  return { counts, length: Math.max(1, words.length - (cjkChars ? 1 : 0) + (cjkChars * 2) / 3) };
}

const K1 = 1.2;
const B = 0.75;

/**
 * BM25 of each passage against the terms. Document frequencies come from the candidate set (the
 * entries that hold any term); `total` is the number of entries they were drawn from, when known.
 */
export function bm25(passages: { counts: number[]; length: number }[], termCount: number, total = passages.length): number[] {
  const n = Math.max(total, passages.length, 1);
  const avg = passages.reduce((s, p) => s + p.length, 0) / Math.max(1, passages.length);
  const idf = Array.from({ length: termCount }, (_, k) => {
    const df = passages.filter((p) => p.counts[k]! > 0).length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  });
  return passages.map((p) => p.counts.reduce((s, tf, k) => s + (tf ? (idf[k]! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * p.length) / avg)) : 0), 0));
}
