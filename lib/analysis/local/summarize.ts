// The extractive summary of the local analyzer: the transcript's own most central sentences,
// arranged as overview, key points, topics, keywords, action items and open questions.
import type { LengthPreference, Passage, SummaryStyle, Translate } from "../types";
import { isActionItem, isQuestion } from "./cues";
import { buildDocument, byScore, centrality, cosine, readability, termVector, type LocalDocument } from "./document";
import { escapeMarkdown, timePrefix } from "./format";
import { keywordsOf } from "./keywords";
import { cleanText, FRAGMENT_UNITS, hasTerminalPunctuation, tokenize, writesWithoutSpaces, type Language, type Sentence } from "./text";
import { isStatement, withoutOpeningFillers } from "./statements";
import { labelTopics, segmentTopics, type TopicSpan } from "./topics";

interface Amounts {
  overview: number;
  keyPoints: { min: number; max: number; perSqrtSentence: number };
  maxTopics: number;
  perTopic: number;
  keywords: number;
}

const AMOUNTS: Record<LengthPreference, Amounts> = {
  short: { overview: 2, keyPoints: { min: 2, max: 5, perSqrtSentence: 1 }, maxTopics: 4, perTopic: 1, keywords: 8 },
  medium: { overview: 3, keyPoints: { min: 3, max: 8, perSqrtSentence: 1.5 }, maxTopics: 6, perTopic: 2, keywords: 10 },
  long: { overview: 4, keyPoints: { min: 4, max: 12, perSqrtSentence: 2.5 }, maxTopics: 8, perTopic: 3, keywords: 15 },
};
/** One topic per this many word units (about a minute of speech), within 2..maxTopics. */
const UNITS_PER_TOPIC = 150;
/** Sentences in a list (action items, questions) longer than this are run-ons, not items. */
const MAX_ITEM_UNITS = 45;
/** Two sentences this similar say the same thing; a summary keeps one. */
const REDUNDANT_SIMILARITY = 0.6;
const MAX_ACTION_ITEMS = 10;
const MAX_QUESTIONS = 8;

export function summarizeLocally(input: { title: string; passages: Passage[]; style: SummaryStyle; t: Translate }): string {
  const { t, style } = input;
  const heading = `# ${escapeMarkdown(cleanText(input.title) || t("summary.untitled"))}`;
  const doc = buildDocument(input.passages);
  if (!doc.sentences.length) return `${heading}\n\n${t("summary.empty")}\n`;

  const amounts = AMOUNTS[style.enabled ? style.lengthPreference : "medium"];
  const scores = sentenceScores(doc, style.enabled ? style.focusArea : "");
  const used = new Set<number>();
  // Only statements are quoted; the overview of a text that has none (all greetings and fragments) takes its best prose.
  const statements = byScore(scores).filter((i) => isStatement(doc.sentences[i]!));
  const prose = byScore(scores).filter((i) => doc.sentences[i]!.block === "prose");
  const overview = pickSentences(doc, scores, Math.min(amounts.overview, Math.max(1, Math.floor(statements.length / 3))), used, statements.length ? statements : prose.slice(0, 1));
  const keyPointCount = Math.round(Math.sqrt(statements.length) * amounts.keyPoints.perSqrtSentence);
  const keyPoints = pickSentences(doc, scores, Math.min(amounts.keyPoints.max, Math.max(amounts.keyPoints.min, keyPointCount)), used, statements);
  const keywords = keywordsOf(doc, amounts.keywords).map((k) => k.term);
  const actions = doc.sentences.filter((s) => isListItem(s) && isActionItem(s.text, doc.lang)).slice(0, MAX_ACTION_ITEMS);
  const questions = doc.sentences.filter((s) => isListItem(s) && isQuestion(s.text, doc.lang) && !actions.includes(s)).slice(0, MAX_QUESTIONS);

  const sections = [heading, `## ${t("summary.overview")}`, overviewParagraph(overview.map((i) => doc.sentences[i]!), doc.lang)];
  if (keyPoints.length) sections.push(`## ${t("summary.keyPoints")}`, bullets(keyPoints.map((i) => escapeMarkdown(withoutOpeningFillers(doc.sentences[i]!.text, doc.lang)))));
  sections.push(...topicSections(doc, scores, amounts, used, t));
  if (keywords.length) sections.push(`## ${t("summary.keywords")}`, bullets(keywords.map(escapeMarkdown)));
  if (actions.length) sections.push(`## ${t("summary.actionItems")}`, bullets(actions.map((s) => withSpeakerAndTime(s, doc.timed))));
  if (questions.length) sections.push(`## ${t("summary.questions")}`, bullets(questions.map((s) => withSpeakerAndTime(s, doc.timed))));
  return `${sections.join("\n\n")}\n`;
}

/**
 * How much a sentence deserves a place: centrality × readability, questions halved (they
 * rarely state anything), sentences on the user's focus area raised.
 */
function sentenceScores(doc: LocalDocument, focusArea: string): number[] {
  const focus = new Set(tokenize(focusArea, doc.lang).filter((w) => w.content).map((w) => w.stem));
  return centrality(doc).map((c, i) => {
    const s = doc.sentences[i]!;
    const focusHits = focus.size ? new Set(s.words.filter((w) => focus.has(w.stem)).map((w) => w.stem)).size : 0;
    return c * readability(s) * (isQuestion(s.text, doc.lang) ? 0.5 : 1) * (1 + Math.min(2, focusHits));
  });
}

/**
 * The best `count` sentences not yet used (from `candidates` when given), skipping repeats
 * of a sentence already picked; returned in transcript order and marked used.
 */
function pickSentences(doc: LocalDocument, scores: number[], count: number, used: Set<number>, candidates?: number[]): number[] {
  const picked: number[] = [];
  const vectors = new Map<number, ReturnType<typeof termVector>>();
  const vectorOf = (i: number) => vectors.get(i) ?? vectors.set(i, termVector([doc.sentences[i]!], doc.idf)).get(i)!;
  const seenTexts = new Set([...used].map((i) => doc.sentences[i]!.text.toLocaleLowerCase()));
  for (const i of candidates ?? byScore(scores)) {
    if (picked.length >= count) break;
    const text = doc.sentences[i]!.text.toLocaleLowerCase();
    if (used.has(i) || seenTexts.has(text)) continue;
    if ([...used, ...picked].some((j) => cosine(vectorOf(i), vectorOf(j)) > REDUNDANT_SIMILARITY)) continue;
    picked.push(i);
    seenTexts.add(text);
  }
  for (const i of picked) used.add(i);
  return picked.sort((a, b) => a - b);
}

function topicSections(doc: LocalDocument, scores: number[], amounts: Amounts, used: Set<number>, t: Translate): string[] {
  const units = doc.sentences.reduce((sum, s) => sum + s.units, 0);
  // Too short to have two topics worth a heading each.
  if (units < 2 * UNITS_PER_TOPIC) return [];
  const spans = segmentTopics(doc, Math.min(amounts.maxTopics, Math.max(2, Math.round(units / UNITS_PER_TOPIC))));
  const labels = uniqueLabels(labelTopics(doc, spans), t);
  const out = [`## ${t("summary.topics")}`];
  spans.forEach((span, k) => {
    const typical = byTypicality(doc, scores, span).filter((i) => isStatement(doc.sentences[i]!));
    // Prefer sentences not already shown; fall back to any statement when the topic has nothing else.
    let picked = pickSentences(doc, scores, amounts.perTopic, used, typical);
    if (!picked.length && typical.length) picked = [typical[0]!];
    if (picked.length) out.push(`### ${labels[k]}`, bullets(picked.map((i) => withTime(doc.sentences[i]!, doc.timed))));
  });
  return out.length > 1 ? out : [];
}

/** The sentences of a topic, those most like the topic as a whole (and central overall) first. */
function byTypicality(doc: LocalDocument, scores: number[], span: TopicSpan): number[] {
  const sentences = doc.sentences.slice(span.start, span.end);
  const centroid = termVector(sentences, doc.idf);
  const maxScore = Math.max(...scores.slice(span.start, span.end)) || 1;
  const typicality = sentences.map((s, k) => {
    const i = span.start + k;
    return cosine(termVector([s], doc.idf), centroid) * readability(s) * (0.5 + (0.5 * scores[i]!) / maxScore);
  });
  return byScore(typicality).map((k) => span.start + k);
}

/** Headings must differ from each other, or the mind map merges nothing but confuses readers. */
function uniqueLabels(labels: string[][], t: Translate): string[] {
  const seen = new Set<string>();
  return labels.map((terms, k) => {
    let label = terms.length ? terms.join(" · ") : t("summary.topicFallback", { number: k + 1 });
    if (seen.has(label)) label = `${label} (${k + 1})`;
    seen.add(label);
    return escapeMarkdown(label);
  });
}

function isListItem(s: Sentence): boolean {
  return s.block === "prose" && s.units >= FRAGMENT_UNITS && s.units <= MAX_ITEM_UNITS;
}

/** Sentences of a paragraph; a cut (unpunctuated) sentence is followed by "…" so the pieces do not run together. */
function overviewParagraph(sentences: Sentence[], lang: Language): string {
  const space = writesWithoutSpaces(lang) ? "" : " ";
  return sentences.map((s, i) => escapeMarkdown(withoutOpeningFillers(s.text, lang)) + (i < sentences.length - 1 && !hasTerminalPunctuation(s.text) ? `${space}…` : "")).join(space);
}

/** A markdown list of lines already escaped. */
function bullets(lines: string[]): string {
  return lines.map((line) => `- ${line}`).join("\n");
}

/** A sentence with its time; a document's (untimed) without. */
function withTime(s: Sentence, timed: boolean): string {
  return `${timePrefix(timed, s.passage.begin)}${escapeMarkdown(s.text)}`;
}

function withSpeakerAndTime(s: Sentence, timed: boolean): string {
  return `${timePrefix(timed, s.passage.begin)}${s.passage.speaker ? `${escapeMarkdown(s.passage.speaker)}: ` : ""}${escapeMarkdown(s.text)}`;
}
