// Topical segmentation in the manner of TextTiling (Hearst 1997): compare the words of the
// sentences before and after every gap; where the two sides share few words, a topic ends.
import { cosine, termVector, type LocalDocument, type TermVector } from "./document";
import { keywordsOf } from "./keywords";

/** A topic: sentences [start, end) of the document. */
export interface TopicSpan {
  start: number;
  end: number;
}

/** A sentence gap where the speaker's passage changes is a slightly more likely topic boundary. */
const PASSAGE_BOUNDARY_BONUS = 0.05;
/** A document's heading starts a section: the gap before it is a topic boundary before any other. */
const HEADING_BOUNDARY_BONUS = 1;
/** A topic named by a heading has it in the first part of its sentences. */
const HEADING_REACH = 0.34;

/** Splits the document into at most `count` topics of consecutive sentences. */
export function segmentTopics(doc: LocalDocument, count: number): TopicSpan[] {
  const n = doc.sentences.length;
  const minLength = Math.max(2, Math.floor(n / (count * 2)));
  if (count <= 1 || n < minLength * 2) return [{ start: 0, end: n }];
  const depths = gapDepths(doc, Math.min(8, Math.max(2, Math.round(n / (count * 3)))));
  const boundaries: number[] = [];
  for (const gap of [...depths.keys()].sort((a, b) => depths.get(b)! - depths.get(a)! || a - b)) {
    if (boundaries.length >= count - 1) break;
    const fits = gap >= minLength && n - gap >= minLength && boundaries.every((b) => Math.abs(b - gap) >= minLength);
    if (fits) boundaries.push(gap);
  }
  const edges = [0, ...boundaries.sort((a, b) => a - b), n];
  return edges.slice(1).map((end, i) => ({ start: edges[i]!, end }));
}

/** Depth score of each gap g (between sentences g-1 and g): how far the cohesion there dips below the peaks on either side. */
export function gapDepths(doc: LocalDocument, window: number): Map<number, number> {
  const vectors = doc.sentences.map((s) => termVector([s], doc.idf));
  const n = vectors.length;
  const cohesion: number[] = [];
  for (let g = 1; g < n; g++) cohesion[g] = cosine(sumOf(vectors, g - window, g), sumOf(vectors, g, g + window));
  const depths = new Map<number, number>();
  for (let g = 1; g < n; g++) {
    let left = cohesion[g]!;
    for (let i = g - 1; i >= 1 && cohesion[i]! >= left; i--) left = cohesion[i]!;
    let right = cohesion[g]!;
    for (let i = g + 1; i < n && cohesion[i]! >= right; i++) right = cohesion[i]!;
    const boundaryBonus =
      doc.sentences[g]!.block === "heading" && doc.sentences[g - 1]!.block !== "heading" ? HEADING_BOUNDARY_BONUS : doc.sentences[g]!.passage !== doc.sentences[g - 1]!.passage ? PASSAGE_BOUNDARY_BONUS : 0;
    depths.set(g, left + right - 2 * cohesion[g]! + boundaryBonus);
  }
  return depths;
}

function sumOf(vectors: TermVector[], from: number, to: number): TermVector {
  const sum: TermVector = new Map();
  for (let i = Math.max(0, from); i < Math.min(vectors.length, to); i++) for (const [term, x] of vectors[i]!) sum.set(term, (sum.get(term) ?? 0) + x);
  return sum;
}

/**
 * A label for each topic: the document's own heading where one opens the topic, else its two or
 * three most distinctive keywords, by how often they occur in the topic and in how few other
 * topics (TF-IDF with the topics as documents).
 */
export function labelTopics(doc: LocalDocument, spans: TopicSpan[]): string[][] {
  const keywordLabels = labelByKeywords(doc, spans);
  return spans.map((span, k) => {
    const reach = span.start + Math.max(1, Math.ceil((span.end - span.start) * HEADING_REACH));
    const heading = doc.sentences.slice(span.start, reach).find((s) => s.block === "heading");
    return heading ? [shorten(heading.text, MAX_HEADING_CHARS)] : keywordLabels[k]!;
  });
}

const MAX_HEADING_CHARS = 60;

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}

function labelByKeywords(doc: LocalDocument, spans: TopicSpan[]): string[][] {
  const perTopic = spans.map((span) => keywordsOf(doc, 12, doc.sentences.slice(span.start, span.end)));
  const stemsOf = spans.map((span) => new Set(doc.sentences.slice(span.start, span.end).flatMap((s) => s.words.map((w) => w.stem))));
  return perTopic.map((keywords) => {
    const weighted = keywords
      .map((k) => {
        const spread = stemsOf.filter((stems) => k.stems.every((stem) => stems.has(stem))).length;
        return { term: k.term, stems: k.stems, weight: k.count * Math.log(1 + spans.length / Math.max(1, spread)) };
      })
      .sort((a, b) => b.weight - a.weight);
    const best = weighted[0]?.weight ?? 0;
    const label: typeof weighted = [];
    for (const k of weighted) {
      if (label.length >= 3 || (label.length >= 2 && k.weight < 0.6 * best)) break;
      if (!label.some((other) => overlaps(other.stems, k.stems))) label.push(k);
    }
    return label.map((k) => k.term);
  });
}

/** "plan" and "team plan" share a word: a label needs only one of them. */
function overlaps(a: string[], b: string[]): boolean {
  return a.some((stem) => b.includes(stem));
}
