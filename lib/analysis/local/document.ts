// The prepared form of a transcript that summary, chat and quiz share: its language, its
// sentences with their words, how rare each word is, and how central each sentence is.
import type { Passage } from "../types";
import { FRAGMENT_UNITS, guessLanguage, splitSentences, type Language, type Sentence } from "./text";

export interface LocalDocument {
  lang: Language;
  sentences: Sentence[];
  /** False for documents and pasted text: every passage at 0, so there is no time worth citing. */
  timed: boolean;
  /** Inverse document frequency of each stem over blocks of the text (see BLOCK_UNITS). */
  idf: Map<string, number>;
}

export type TermVector = Map<string, number>;

/** Passages can be a few words each; IDF over them would be noise, so it is counted over blocks of about this many units. */
const BLOCK_UNITS = 120;
const DAMPING = 0.85;
const ITERATIONS = 30;

export function buildDocument(passages: readonly Passage[]): LocalDocument {
  const lang = guessLanguage(passages.map((p) => p.text).join("\n"));
  const sentences = splitSentences(passages, lang);
  const timed = passages.some((p) => p.begin > 0 || p.end > 0);
  return { lang, sentences, timed, idf: blockIdf(sentences) };
}

function blockIdf(sentences: Sentence[]): Map<string, number> {
  const blocks: Set<string>[] = [];
  let current = new Set<string>();
  let units = 0;
  for (const s of sentences) {
    for (const w of s.words) if (w.content) current.add(w.stem);
    units += s.units;
    if (units >= BLOCK_UNITS) {
      blocks.push(current);
      current = new Set();
      units = 0;
    }
  }
  if (current.size || !blocks.length) blocks.push(current);
  const df = new Map<string, number>();
  for (const block of blocks) for (const stem of block) df.set(stem, (df.get(stem) ?? 0) + 1);
  return new Map([...df].map(([stem, n]) => [stem, Math.log(1 + blocks.length / n)]));
}

/** TF-IDF of the content words of some sentences. */
export function termVector(sentences: readonly Sentence[], idf: Map<string, number>): TermVector {
  const v: TermVector = new Map();
  for (const s of sentences) for (const w of s.words) if (w.content) v.set(w.stem, (v.get(w.stem) ?? 0) + (idf.get(w.stem) ?? 1));
  return v;
}

export function cosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [term, x] of small) dot += x * (large.get(term) ?? 0);
  return dot ? dot / (norm(a) * norm(b)) : 0;
}

function norm(v: TermVector): number {
  let sum = 0;
  for (const x of v.values()) sum += x * x;
  return Math.sqrt(sum);
}

/**
 * LexRank: PageRank over the graph of sentences weighted by their cosine similarity, so a
 * sentence is central when it shares vocabulary with many other sentences. Scores scaled to
 * a maximum of 1. Only pairs that share a word are compared (inverted index).
 */
export function centrality(doc: LocalDocument): number[] {
  const n = doc.sentences.length;
  if (n === 0) return [];
  const vectors = doc.sentences.map((s) => termVector([s], doc.idf));
  const edges = similarityEdges(vectors);
  const outWeight = edges.map((row) => [...row.values()].reduce((a, b) => a + b, 0));
  let rank = new Array<number>(n).fill(1 / n);
  for (let it = 0; it < ITERATIONS; it++) {
    const next = new Array<number>(n).fill((1 - DAMPING) / n);
    let dangling = 0;
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) dangling += rank[i]!;
      else for (const [j, w] of edges[i]!) next[j]! += (DAMPING * rank[i]! * w) / outWeight[i]!;
    }
    rank = next.map((r) => r + (DAMPING * dangling) / n);
  }
  const max = Math.max(...rank);
  return rank.map((r) => r / max);
}

function similarityEdges(vectors: TermVector[]): Map<number, number>[] {
  const postings = new Map<string, number[]>();
  vectors.forEach((v, i) => {
    for (const term of v.keys()) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(i);
    }
  });
  const norms = vectors.map(norm);
  return vectors.map((v, i) => {
    const dots = new Map<number, number>();
    for (const [term, x] of v) for (const j of postings.get(term)!) if (j !== i) dots.set(j, (dots.get(j) ?? 0) + x * vectors[j]!.get(term)!);
    for (const [j, dot] of dots) dots.set(j, dot / (norms[i]! * norms[j]!));
    return dots;
  });
}

/**
 * How well a sentence reads on its own in a summary: fragments, run-ons and clauses cut from a
 * longer sentence are worth less. 1 for a whole sentence of 8–40 units.
 */
export function readability(s: Sentence): number {
  const clause = /[,;:，；：、]$/u.test(s.text) ? 0.8 : 1;
  if (s.units < FRAGMENT_UNITS) return 0.15;
  if (s.units < 8) return 0.6 * clause;
  if (s.units <= 40) return clause;
  return Math.max(0.4, 40 / s.units) * clause;
}

/** Indexes of the sentences in the order of `scores`, best first. */
export function byScore(scores: readonly number[]): number[] {
  return scores.map((_, i) => i).sort((a, b) => scores[b]! - scores[a]! || a - b);
}
