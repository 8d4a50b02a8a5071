// Chat without an AI provider: find the passages that answer the question (BM25) and quote
// them with time and speaker; for "what is this about?" give the central sentences instead.
import type { ChatAnswer, ChatTurn, Passage, Translate } from "../types";
import { isFollowUp, isGeneralQuestion, isQuestion } from "./cues";
import { buildDocument, byScore, centrality, readability, type LocalDocument } from "./document";
import { escapeMarkdown, formatTimestamp, timePrefix } from "./format";
import { keywordsOf } from "./keywords";
import { buildPassageIndex, searchTerms, type SearchHit } from "./search";
import { cleanText, writesWithoutSpaces, type Sentence } from "./text";

const MAX_QUOTES = 4;
/** Passages scoring below this share of the best one are left out. */
const MIN_RELATIVE_SCORE = 0.5;
/** The best passage must match at least this share of the question's weight, or nothing matched. */
const MIN_COVERAGE = 0.3;
/** A longer passage is quoted by its best sentences only. */
const MAX_QUOTE_UNITS = 60;
const OVERVIEW_SENTENCES = 3;
const SUGGESTED_KEYWORDS = 5;

export function answerLocally(input: { question: string; passages: Passage[]; history?: ChatTurn[]; t: Translate }): ChatAnswer {
  const { t } = input;
  const doc = buildDocument(input.passages);
  if (!doc.sentences.length) return { markdown: t("chat.empty"), citations: [] };
  const question = cleanText(input.question);
  const previousQuestion = lastContent(input.history, "user");
  const followUp = isFollowUp(question);
  if (!question || isGeneralQuestion(question) || (followUp && (!previousQuestion || isGeneralQuestion(previousQuestion)))) return overviewAnswer(doc, t);

  const index = buildPassageIndex(doc);
  // A bare "and then?" or a question with no searchable word borrows the words of the previous question.
  const borrow = previousQuestion && (followUp || !searchTerms(question, doc.lang).length);
  const hits = index.search(borrow ? `${previousQuestion} ${question}` : question);
  const alreadyQuoted = followUp ? (lastContent(input.history, "assistant") ?? "") : "";
  // A recording's quotes are known by their times; a text's (untimed) by their words.
  const notQuoted = (hit: SearchHit) => !alreadyQuoted.includes(doc.timed ? formatTimestamp(hit.passage.begin) : escapeMarkdown(hit.passage.text.slice(0, 40)));
  const fresh = hits.filter(notQuoted);
  const best = fresh[0];
  if (!best || best.coverage < MIN_COVERAGE) {
    // "And then?" after everything on the subject was quoted: what was said next.
    const next = followUp ? passagesAfter(doc, alreadyQuoted) : [];
    if (!next.length) return noMatchAnswer(doc, t);
    return quoteAnswer(doc, question, next.map((passage) => ({ passage, score: 0, coverage: 0, matched: new Set<string>() })), t);
  }
  const chosen = withReplies(
    fresh.filter((hit) => hit.score >= best.score * MIN_RELATIVE_SCORE),
    doc,
  )
    .filter(notQuoted)
    .slice(0, MAX_QUOTES);
  return quoteAnswer(doc, question, chosen, t);
}

function quoteAnswer(doc: LocalDocument, question: string, hits: SearchHit[], t: Translate): ChatAnswer {
  const quotes = hits.map((hit) => quoteBlock(hit.passage, quoteText(doc, hit), doc.timed));
  return {
    markdown: [t("chat.intro", { question }), ...quotes].join("\n\n"),
    citations: hits.map(({ passage }) => citation(passage)),
  };
}

/** The two passages after the latest time quoted in the previous answer. */
function passagesAfter(doc: LocalDocument, previousAnswer: string): Passage[] {
  const times = [...previousAnswer.matchAll(/\[(?:(\d+):)?(\d\d):(\d\d)\]/g)].map((m) => (Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
  if (!times.length) return [];
  const latest = Math.max(...times);
  return [...new Set(doc.sentences.map((s) => s.passage))].filter((p) => p.begin > latest).slice(0, 2);
}

/** A passage that asks a question is followed by the next passage, which usually answers it. */
function withReplies(hits: SearchHit[], doc: LocalDocument): SearchHit[] {
  const passages = [...new Set(doc.sentences.map((s) => s.passage))];
  const out: SearchHit[] = [];
  for (const hit of hits) {
    if (out.some((h) => h.passage === hit.passage)) continue;
    out.push(hit);
    const next = passages[passages.indexOf(hit.passage) + 1];
    if (next && isQuestion(hit.passage.text, doc.lang) && !out.some((h) => h.passage === next)) out.push({ ...hit, passage: next, score: 0 });
  }
  return out;
}

/**
 * The `limit` passages most relevant to a question, best first: those that match it, then the
 * most central ones. For a provider prompt that cannot hold the whole transcript.
 */
export function rankPassages(question: string, passages: Passage[], limit: number): Passage[] {
  const doc = buildDocument(passages);
  const ranked = new Set(buildPassageIndex(doc).search(question).map((hit) => hit.passage));
  const scores = centrality(doc);
  for (const i of byScore(scores)) ranked.add(doc.sentences[i]!.passage);
  return [...ranked].slice(0, limit);
}

function lastContent(history: ChatTurn[] | undefined, role: ChatTurn["role"]): string | undefined {
  return history?.filter((turn) => turn.role === role).at(-1)?.content;
}

/** The central sentences, with times, then the main keywords. */
function overviewAnswer(doc: LocalDocument, t: Translate): ChatAnswer {
  const scores = centrality(doc).map((c, i) => c * readability(doc.sentences[i]!) * (isQuestion(doc.sentences[i]!.text, doc.lang) ? 0.5 : 1));
  const picked = uniqueTexts(byScore(scores).map((i) => doc.sentences[i]!))
    .slice(0, OVERVIEW_SENTENCES)
    .sort((a, b) => a.position - b.position);
  const lines = picked.map((s) => `- ${timePrefix(doc.timed, s.passage.begin)}${escapeMarkdown(s.text)}`);
  const keywords = keywordsOf(doc, 8).map((k) => k.term);
  const parts = [t("chat.overviewIntro"), lines.join("\n")];
  if (keywords.length) parts.push(t("chat.keywords", { keywords: joinList(keywords, doc) }));
  return { markdown: parts.join("\n\n"), citations: dedupe(picked.map((s) => citation(s.passage))) };
}

function noMatchAnswer(doc: LocalDocument, t: Translate): ChatAnswer {
  const keywords = keywordsOf(doc, SUGGESTED_KEYWORDS).map((k) => k.term);
  const parts = [t("chat.noMatch")];
  if (keywords.length) parts.push(t("chat.suggestions", { keywords: joinList(keywords, doc) }));
  return { markdown: parts.join("\n\n"), citations: [] };
}

/** A passage's text, or for a long passage its sentences that match the question, in order, with "…" for the gaps. */
function quoteText(doc: LocalDocument, hit: SearchHit): string {
  const sentences = doc.sentences.filter((s) => s.passage === hit.passage);
  const total = sentences.reduce((sum, s) => sum + s.units, 0);
  if (total <= MAX_QUOTE_UNITS) return sentences.map((s) => s.text).join(writesWithoutSpaces(doc.lang) ? "" : " ");
  const matching = (s: Sentence) => searchTerms(s.text, doc.lang).filter((term) => hit.matched.has(term)).length;
  const ranked = [...sentences].sort((a, b) => matching(b) - matching(a) || a.position - b.position);
  const kept: Sentence[] = [];
  let units = 0;
  for (const s of ranked) {
    if (kept.length && units + s.units > MAX_QUOTE_UNITS) break;
    kept.push(s);
    units += s.units;
  }
  kept.sort((a, b) => a.position - b.position);
  return kept.map((s, i) => (i > 0 && s.position !== kept[i - 1]!.position + 1 ? `… ${s.text}` : s.text)).join(" ");
}

/** "> **[01:05] Ben:** text"; a text (untimed) shows no time, and no bold part when it has no speaker either. */
function quoteBlock(passage: Passage, text: string, timed: boolean): string {
  const head = [timed ? formatTimestamp(passage.begin) : "", passage.speaker ? `${escapeMarkdown(passage.speaker)}:` : ""].filter(Boolean).join(" ");
  return head ? `> **${head}** ${escapeMarkdown(text)}` : `> ${escapeMarkdown(text)}`;
}

function citation(passage: Passage): ChatAnswer["citations"][number] {
  return { index: passage.index, begin: passage.begin, end: passage.end };
}

function dedupe(citations: ChatAnswer["citations"]): ChatAnswer["citations"] {
  return citations.filter((c, i) => citations.findIndex((other) => other.index === c.index) === i);
}

function uniqueTexts(sentences: Sentence[]): Sentence[] {
  const seen = new Set<string>();
  return sentences.filter((s) => !seen.has(s.text.toLocaleLowerCase()) && seen.add(s.text.toLocaleLowerCase()));
}

function joinList(items: string[], doc: LocalDocument): string {
  return items.join(writesWithoutSpaces(doc.lang) ? "、" : ", ");
}
