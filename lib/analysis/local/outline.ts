// Chapters, per-speaker summaries and to-dos of the local analyzer. Chapters are cut where the
// vocabulary changes (TextTiling depth scores, Hearst's liberal cutoff) and named by the block's
// most distinctive keywords; the gist is the block's most central statement.
import type { Chapter, Outline, Passage, SpeakerSummary, TodoItem } from "../types";
import { isActionItem, isQuestion } from "./cues";
import { buildDocument, byScore, centrality, cosine, readability, termVector, type LocalDocument } from "./document";
import { FRAGMENT_UNITS, type Sentence } from "./text";
import { isStatement, withoutOpeningFillers } from "./statements";
import { gapDepths, labelTopics, type TopicSpan } from "./topics";
import { dueDateIn, ownerNameIn } from "./todo-cues";

/** A chapter of a recording lasts at least this long (a sixth of a shorter recording), and at least 1/MAX_CHAPTERS of the whole. */
const MIN_CHAPTER_MS = 20_000;
const MAX_CHAPTERS = 24;
/** A document's chapter has at least this many sentences. */
const MIN_CHAPTER_SENTENCES = 3;
const MAX_GIST_CHARS = 160;
const MAX_LINE_CHARS = 200;
const MAX_TODOS = 20;
const MAX_SPEAKERS = 12;
const MAX_ITEM_UNITS = 45;

export function outlineLocally(passages: Passage[], fallbackTitle: (n: number) => string): Outline {
  const doc = buildDocument(passages);
  if (!doc.sentences.length) return { chapters: [], speakers: [], todos: [] };
  const scores = centrality(doc).map((c, i) => c * readability(doc.sentences[i]!) * (isQuestion(doc.sentences[i]!.text, doc.lang) ? 0.5 : 1));
  return { chapters: chaptersOf(doc, scores, passages, fallbackTitle), speakers: speakersOf(doc, scores), todos: todosOf(doc) };
}

/** Where each sentence starts: its entry's begin, spread over the entry by length when an entry holds several sentences. */
function sentenceTimes(doc: LocalDocument): number[] {
  const times: number[] = [];
  let i = 0;
  while (i < doc.sentences.length) {
    const p = doc.sentences[i]!.passage;
    let j = i;
    while (j < doc.sentences.length && doc.sentences[j]!.passage === p) j++;
    const total = doc.sentences.slice(i, j).reduce((n, s) => n + s.text.length, 0) || 1;
    let done = 0;
    for (let k = i; k < j; k++) {
      times.push(p.begin + ((p.end - p.begin) * done) / total);
      done += doc.sentences[k]!.text.length;
    }
    i = j;
  }
  return times;
}

export function segmentChapters(doc: LocalDocument): TopicSpan[] {
  const n = doc.sentences.length;
  if (n < 2 * MIN_CHAPTER_SENTENCES) return [{ start: 0, end: n }];
  const times = sentenceTimes(doc);
  const last = doc.sentences[n - 1]!.passage;
  const duration = doc.timed ? Math.max(last.end, times[n - 1]!) - times[0]! : 0;
  // Far enough from the recording's ends and from every other boundary; a recording under two minutes may have chapters of a sixth of it.
  const minMs = Math.max(Math.min(MIN_CHAPTER_MS, duration / 6), duration / MAX_CHAPTERS);
  const minSentences = Math.max(MIN_CHAPTER_SENTENCES, Math.floor(n / (MAX_CHAPTERS * 4)));
  const apart = (a: number, b: number) => (doc.timed ? Math.abs(times[a]! - times[b]!) >= minMs : Math.abs(a - b) >= minSentences);
  const endTime = times[0]! + duration;
  const fits = (g: number) => (doc.timed ? times[g]! - times[0]! >= minMs && endTime - times[g]! >= minMs : g >= minSentences && n - g >= minSentences);

  const depths = gapDepths(doc, Math.min(6, Math.max(3, Math.round(n / 60))));
  // A boundary between two entries, where the transcript has them; inside one only when it is all one entry.
  const entryGaps = [...depths.keys()].filter((g) => doc.sentences[g]!.passage !== doc.sentences[g - 1]!.passage);
  const gaps = entryGaps.length >= 2 ? entryGaps : [...depths.keys()];
  const values = gaps.map((g) => depths.get(g)!);
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, values.length));
  const cutoff = Math.max(0.05, mean - sd / 2);
  const boundaries: number[] = [];
  for (const g of gaps.sort((a, b) => depths.get(b)! - depths.get(a)! || a - b)) {
    if (boundaries.length >= MAX_CHAPTERS - 1 || depths.get(g)! <= cutoff) break;
    if (fits(g) && boundaries.every((b) => apart(b, g))) boundaries.push(g);
  }
  const edges = [0, ...boundaries.sort((a, b) => a - b), n];
  return edges.slice(1).map((end, k) => ({ start: edges[k]!, end }));
}

function chaptersOf(doc: LocalDocument, scores: number[], passages: Passage[], fallbackTitle: (n: number) => string): Chapter[] {
  const spans = segmentChapters(doc);
  const labels = labelTopics(doc, spans);
  const seen = new Set<string>();
  const lastEnd = passages.reduce((m, p) => Math.max(m, p.end), 0);
  return spans.map((span, k) => {
    const first = doc.sentences[span.start]!.passage;
    const next = spans[k + 1] ? doc.sentences[spans[k + 1]!.start]!.passage : null;
    let title = labels[k]!.length ? capitalize(labels[k]!.join(", ")) : fallbackTitle(k + 1);
    if (seen.has(title)) title = `${title} (${k + 1})`;
    seen.add(title);
    const central = centralStatement(doc, scores, span);
    return {
      title,
      gist: central ? shorten(withoutOpeningFillers(central.text, doc.lang), MAX_GIST_CHARS) : "",
      index: first.index,
      begin: doc.timed ? first.begin : null,
      end: doc.timed ? (next ? next.begin : lastEnd) : null,
    };
  });
}

/** The statement most like its chapter as a whole, weighted by how central it is in the recording. */
function centralStatement(doc: LocalDocument, scores: number[], span: TopicSpan): Sentence | null {
  const sentences = doc.sentences.slice(span.start, span.end);
  const centroid = termVector(sentences, doc.idf);
  const fit = sentences.map((s, k) => (isStatement(s) ? cosine(termVector([s], doc.idf), centroid) * readability(s) * (0.5 + scores[span.start + k]!) : 0));
  const best = byScore(fit)[0];
  if (best !== undefined && fit[best]! > 0) return sentences[best]!;
  return sentences.find((s) => s.block === "prose" && s.units >= FRAGMENT_UNITS) ?? null;
}

function speakersOf(doc: LocalDocument, scores: number[]): SpeakerSummary[] {
  const bySpeaker = new Map<string, number[]>();
  doc.sentences.forEach((s, i) => {
    const name = s.passage.speaker;
    if (!name) return;
    if (!bySpeaker.has(name)) bySpeaker.set(name, []);
    bySpeaker.get(name)!.push(i);
  });
  const units = (ids: number[]) => ids.reduce((n, i) => n + doc.sentences[i]!.units, 0);
  return [...bySpeaker]
    .sort((a, b) => units(b[1]) - units(a[1]))
    .slice(0, MAX_SPEAKERS)
    .map(([speaker, ids]) => {
      const asking = ids.filter((i) => isItem(doc.sentences[i]!) && (isQuestion(doc.sentences[i]!.text, doc.lang) || isActionItem(doc.sentences[i]!.text, doc.lang)));
      const said = ids
        .filter((i) => isStatement(doc.sentences[i]!) && !asking.includes(i))
        .sort((a, b) => scores[b]! - scores[a]!)
        .slice(0, 3)
        .sort((a, b) => a - b);
      const asked = asking.sort((a, b) => scores[b]! - scores[a]!).slice(0, 2).sort((a, b) => a - b);
      const line = (i: number) => shorten(withoutOpeningFillers(doc.sentences[i]!.text, doc.lang), MAX_LINE_CHARS);
      return { speaker, said: said.map(line), asked: asked.map(line) };
    })
    .filter((s) => s.said.length + s.asked.length > 0);
}

function todosOf(doc: LocalDocument): TodoItem[] {
  const seen = new Set<string>();
  // The same task said twice is one to-do.
  const once = (s: Sentence) => !seen.has(s.text.toLocaleLowerCase()) && Boolean(seen.add(s.text.toLocaleLowerCase()));
  return doc.sentences
    .filter((s) => isItem(s) && isActionItem(s.text, doc.lang) && once(s))
    .slice(0, MAX_TODOS)
    .map((s, k) => {
      const { speaker, text } = scriptLine(s.text, s.passage.speaker);
      return {
        id: `todo-${k + 1}`,
        text: shorten(withoutOpeningFillers(text, doc.lang), MAX_LINE_CHARS),
        owner: ownerNameIn(text, doc.lang) ?? speaker,
        due: dueDateIn(text, doc.lang),
        index: s.passage.index,
        begin: doc.timed ? s.passage.begin : null,
        done: false,
      };
    });
}

/** A pasted script's "Tom: I will…" line names its speaker (documents have no speakers of their own). */
const SCRIPT_LINE = /^(\p{Lu}[\p{L}'-]{1,20}(?: \p{Lu}[\p{L}'-]{1,20})?|[\p{Script=Han}]{2,4})[:：]\s*(\S.*)$/u;
function scriptLine(sentence: string, speaker: string | null): { speaker: string | null; text: string } {
  if (speaker) return { speaker, text: sentence };
  const m = SCRIPT_LINE.exec(sentence);
  return m ? { speaker: m[1]!, text: m[2]! } : { speaker: null, text: sentence };
}

function isItem(s: Sentence): boolean {
  return s.block === "prose" && s.units >= FRAGMENT_UNITS && s.units <= MAX_ITEM_UNITS;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function shorten(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("").trimEnd()}…`;
}
