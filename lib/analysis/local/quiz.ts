// Quiz questions made from the transcript's own key sentences and keywords: fill in a blanked
// keyword, judge a sentence (as said, or with a keyword swapped), pick what belongs together.
import type { Passage, QuestionKind, QuizQuestion, QuizSettings, Translate } from "../types";
import { isQuestion } from "./cues";
import { buildDocument, byScore, centrality, readability, type LocalDocument } from "./document";
import { formatTimestamp } from "./format";
import { keywordsOf, type Keyword } from "./keywords";
import { isStatement } from "./statements";
import { unitsOf, writesWithoutSpaces, type Sentence } from "./text";

const MAX_QUESTIONS = 20;
const KEYWORD_POOL = 40;
/** Sentences longer than this make unwieldy questions and are used only when nothing else is left. */
const MAX_QUESTION_UNITS = 45;
/** A question quotes a statement of at least this many word units, so it can be understood without the recording at hand. */
const MIN_QUESTION_UNITS = 6;
/** A blank leaves at least this many word units of its sentence around it, one of them a content word. */
const MIN_CLOZE_CONTEXT_UNITS = 5;
const BLANK = "____";

interface Context {
  doc: LocalDocument;
  keywords: Keyword[];
  /** Candidate sentences, best first. */
  sentences: Sentence[];
  used: Set<Sentence>;
  usedAnchors: Set<Keyword>;
  /** Keywords already blanked or swapped, so that the quiz asks about different things. */
  usedAnswers: Set<Keyword>;
  random: () => number;
  t: Translate;
}

type Draft = Omit<QuizQuestion, "id">;
type Builder = (ctx: Context) => Draft | null;

export function generateQuizLocally(input: { passages: Passage[]; settings: QuizSettings; t: Translate; seed?: string }): QuizQuestion[] {
  const doc = buildDocument(input.passages);
  if (!doc.sentences.length) return [];
  const seed = input.seed ?? "tingji";
  const count = Math.min(MAX_QUESTIONS, Math.max(1, Math.round(input.settings.count)));
  const kinds: QuestionKind[] = input.settings.type === "comprehensive" ? ["single", "truefalse", "multiple"] : [input.settings.type];
  const ctx: Context = { doc, keywords: keywordsOf(doc, KEYWORD_POOL), sentences: rankedSentences(doc), used: new Set(), usedAnchors: new Set(), usedAnswers: new Set(), random: Math.random, t: input.t };

  const drafts: Draft[] = [];
  for (let i = 0; i < count; i++) {
    ctx.random = seededRandom(`${seed}:${i}`);
    const wanted = kinds[i % kinds.length]!;
    // The kind asked for first; another kind, or a plain statement, when the text cannot give it.
    const order = [wanted, ...(["single", "truefalse", "multiple"] as const).filter((k) => k !== wanted)];
    const draft = [...order.map((k) => BUILDERS[k]), trueStatement].reduce<Draft | null>((found, build) => found ?? build(ctx), null);
    if (!draft) break;
    drafts.push(draft);
  }
  const prefix = hash(seed).toString(36);
  return drafts.map((d, i) => ({ id: `local-${prefix}-${i + 1}`, ...d }));
}

/**
 * Statements worth asking about: central, readable, not questions; long ones last. Greetings,
 * fragments, headings and table rows never make a question, even when nothing else is left.
 */
function rankedSentences(doc: LocalDocument): Sentence[] {
  const scores = centrality(doc).map((c, i) => c * readability(doc.sentences[i]!));
  const pool = byScore(scores)
    .map((i) => doc.sentences[i]!)
    .filter((s) => isStatement(s) && s.units >= MIN_QUESTION_UNITS && !isQuestion(s.text, doc.lang));
  const fits = (s: Sentence) => s.units <= MAX_QUESTION_UNITS;
  return [...pool.filter(fits), ...pool.filter((s) => !fits(s))];
}

const cloze: Builder = (ctx) => {
  for (const s of unused(ctx)) {
    const found = keywordIn(ctx, s);
    if (!found || !leavesContext(s, found)) continue;
    const distractors = pickDistractors(ctx, s, found.keyword, 3);
    if (distractors.length < 3) continue;
    const answer = s.text.slice(found.start, found.end);
    const options = shuffle([answer, ...distractors.map((k) => k.term)], ctx.random);
    ctx.used.add(s);
    ctx.usedAnswers.add(found.keyword);
    return {
      kind: "single",
      prompt: ctx.t("quiz.cloze", { sentence: s.text.slice(0, found.start) + BLANK + s.text.slice(found.end) }),
      options,
      answer: [options.indexOf(answer)],
      analysis: sentences(ctx.t("quiz.explainCloze", { answer }), quote(ctx, s)),
      source: sourceOf(s),
    };
  }
  return null;
};

/** The words of the sentence outside the blank: enough of them, and not only stopwords. */
function leavesContext(s: Sentence, blank: { start: number; end: number }): boolean {
  const around = s.words.filter((w) => w.end <= blank.start || w.start >= blank.end);
  return unitsOf(around) >= MIN_CLOZE_CONTEXT_UNITS && around.some((w) => w.content);
}

/** True as said, or (about half the time, when a keyword can be swapped) false. */
const trueFalse: Builder = (ctx) => {
  for (const s of unused(ctx)) {
    const swap = ctx.random() < 0.5 ? swappedStatement(ctx, s) : null;
    if (!swap && !keywordIn(ctx, s)) continue;
    ctx.used.add(s);
    const analysis = swap ? ctx.t("quiz.explainFalse", { right: swap.right, wrong: swap.wrong }) : ctx.t("quiz.explainTrue");
    return {
      kind: "truefalse",
      prompt: ctx.t("quiz.trueFalse", { statement: swap ? swap.text : s.text }),
      options: [ctx.t("quiz.true"), ctx.t("quiz.false")],
      answer: [swap ? 1 : 0],
      analysis: sentences(analysis, quote(ctx, s)),
      source: sourceOf(s),
    };
  }
  return null;
};

/** The last resort: any unused sentence, as said. */
const trueStatement: Builder = (ctx) => {
  const s = unused(ctx)[0];
  if (!s) return null;
  ctx.used.add(s);
  return {
    kind: "truefalse",
    prompt: ctx.t("quiz.trueFalse", { statement: s.text }),
    options: [ctx.t("quiz.true"), ctx.t("quiz.false")],
    answer: [0],
    analysis: sentences(ctx.t("quiz.explainTrue"), quote(ctx, s)),
    source: sourceOf(s),
  };
};

/** "Which of these were mentioned together with X?": keywords sharing a sentence with X are right, keywords never near X wrong. */
const related: Builder = (ctx) => {
  for (const anchor of ctx.keywords) {
    if (ctx.usedAnchors.has(anchor)) continue;
    // Said together: in the same prose (a heading or a table row only lists things).
    const withAnchor = ctx.doc.sentences.filter((s) => s.block === "prose" && contains(s, anchor));
    const near = new Set(withAnchor.flatMap((s) => neighbours(ctx.doc, s)).flatMap((s) => s.words.map((w) => w.stem)));
    const others = ctx.keywords.filter((k) => k !== anchor && !k.stems.some((stem) => anchor.stems.includes(stem)));
    const right = others.filter((k) => withAnchor.some((s) => contains(s, k))).slice(0, 3);
    const wrong = shuffle(others.filter((k) => !k.stems.some((stem) => near.has(stem))).slice(0, 8), ctx.random).slice(0, 2);
    if (right.length < 2 || wrong.length < 2) continue;
    const source = withAnchor.filter((s) => !ctx.used.has(s)).sort((a, b) => right.filter((k) => contains(b, k)).length - right.filter((k) => contains(a, k)).length)[0];
    if (!source) continue;
    ctx.usedAnchors.add(anchor);
    ctx.used.add(source);
    const options = shuffle([...right, ...wrong].map((k) => k.term), ctx.random);
    return {
      kind: "multiple",
      prompt: ctx.t("quiz.related", { term: anchor.term }),
      options,
      answer: right.map((k) => options.indexOf(k.term)).sort((a, b) => a - b),
      analysis: sentences(ctx.t("quiz.explainRelated", { term: anchor.term, answers: right.map((k) => k.term).join(listSeparator(ctx)) }), quote(ctx, source)),
      source: sourceOf(source),
    };
  }
  return null;
};

/** "Which statements match the recording?": two or three sentences as said, two with a keyword swapped. */
const statements: Builder = (ctx) => {
  const candidates = unused(ctx).filter((s, i, all) => s.units <= 30 && all.findIndex((o) => o.text === s.text) === i);
  const falses: { s: Sentence; text: string }[] = [];
  for (const s of candidates) {
    if (falses.length >= 2) break;
    const swap = swappedStatement(ctx, s);
    if (swap) falses.push({ s, text: swap.text });
  }
  const trues = candidates.filter((s) => !falses.some((f) => f.s === s)).slice(0, 2 + Math.floor(ctx.random() * 2));
  if (falses.length < 2 || trues.length < 2) return null;
  for (const s of [...trues, ...falses.map((f) => f.s)]) ctx.used.add(s);
  const options = shuffle([...trues.map((s) => s.text), ...falses.map((f) => f.text)], ctx.random);
  return {
    kind: "multiple",
    prompt: ctx.t("quiz.statements"),
    options,
    answer: trues.map((s) => options.indexOf(s.text)).sort((a, b) => a - b),
    analysis: sentences(ctx.t("quiz.explainStatements", { count: trues.length }), ...trues.map((s) => quote(ctx, s))),
    source: sourceOf(trues[0]!),
  };
};

const BUILDERS: Record<QuestionKind, Builder> = {
  single: cloze,
  truefalse: trueFalse,
  multiple: (ctx) => related(ctx) ?? statements(ctx),
};

function unused(ctx: Context): Sentence[] {
  return ctx.sentences.filter((s) => !ctx.used.has(s));
}

/** The sentence with its most important keyword replaced by another keyword that is not in its passage. */
function swappedStatement(ctx: Context, s: Sentence): { text: string; right: string; wrong: string } | null {
  const found = keywordIn(ctx, s);
  if (!found) return null;
  const passageStems = new Set(ctx.doc.sentences.filter((o) => o.passage === s.passage).flatMap((o) => o.words.map((w) => w.stem)));
  const replacement = pickDistractors(ctx, s, found.keyword, 1).find((k) => !k.stems.some((stem) => passageStems.has(stem)));
  if (!replacement) return null;
  ctx.usedAnswers.add(found.keyword);
  return { text: s.text.slice(0, found.start) + replacement.term + s.text.slice(found.end), right: s.text.slice(found.start, found.end), wrong: replacement.term };
}

/** Other keywords not in the sentence, of the same script (Latin options for a Latin blank), in a seeded order. */
function pickDistractors(ctx: Context, s: Sentence, answer: Keyword, count: number): Keyword[] {
  const cjk = (text: string) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
  const eligible = ctx.keywords.filter((k) => k !== answer && !contains(s, k) && cjk(k.term) === cjk(answer.term) && !k.stems.some((stem) => answer.stems.includes(stem)));
  return shuffle(eligible.slice(0, count + 5), ctx.random).slice(0, count);
}

/**
 * The keyword of the sentence to ask about, and where it is: the most important one not asked
 * about yet, widened to a key phrase that contains it ("plan" → "team plan").
 */
function keywordIn(ctx: Context, s: Sentence): { keyword: Keyword; start: number; end: number } | null {
  const present = ctx.keywords.filter((k) => contains(s, k));
  const first = present.find((k) => !ctx.usedAnswers.has(k)) ?? present[0];
  if (!first) return null;
  const keyword = present.find((k) => k.stems.length > first.stems.length && first.stems.every((stem) => k.stems.includes(stem))) ?? first;
  const at = findStems(s, keyword.stems);
  return { keyword, start: s.words[at]!.start, end: s.words[at + keyword.stems.length - 1]!.end };
}

function contains(s: Sentence, k: Keyword): boolean {
  return findStems(s, k.stems) >= 0;
}

/** Index of the first word where the stems occur in a row, or -1. */
function findStems(s: Sentence, stems: string[]): number {
  return s.words.findIndex((_, i) => stems.every((stem, j) => s.words[i + j]?.stem === stem));
}

function neighbours(doc: LocalDocument, s: Sentence): Sentence[] {
  return doc.sentences.slice(Math.max(0, s.position - 1), s.position + 2);
}

function quote(ctx: Context, s: Sentence): string {
  if (!ctx.doc.timed) return ctx.t("quiz.quoteUntimed", { quote: s.text });
  return ctx.t("quiz.quote", { timestamp: formatTimestamp(s.passage.begin), quote: s.text });
}

/** Sentences of an explanation: a space after Western punctuation, none after Chinese or Japanese. */
function sentences(...parts: string[]): string {
  return parts.reduce((text, part) => (text ? `${text}${/[。！？」”]$/u.test(text) ? "" : " "}${part}` : part), "");
}

function listSeparator(ctx: Context): string {
  return writesWithoutSpaces(ctx.doc.lang) ? "、" : ", ";
}

function sourceOf(s: Sentence): QuizQuestion["source"] {
  return { index: s.passage.index, begin: s.passage.begin, end: s.passage.end };
}

/** FNV-1a: a stable 32-bit hash of a string. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small, good-enough PRNG, so the same seed gives the same quiz. */
function seededRandom(seed: string): () => number {
  let a = hash(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
