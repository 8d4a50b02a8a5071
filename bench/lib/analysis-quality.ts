/**
 * Checks of the local analyzer's output that do not use the analyzer's own rules: words are
 * Intl.Segmenter words, stop words come from generic lists written here (not lib/analysis/local's
 * lists), and markdown is judged by how markdown-it (the app's renderer) reads it.
 */
import MarkdownIt from "markdown-it";
import type { QuizQuestion, Translate } from "@/lib/analysis/types";

/** A key point or a quoted statement shorter than this many words is a fragment. */
export const MIN_WORDS = 4;
/** A blank keeps at least this many words of its sentence around it. */
export const MIN_WORDS_AROUND_BLANK = 4;

// Generic function words, greetings and fillers, independent of the analyzer's lists.
const GENERIC_STOP = {
  en: new Set(
    `a about after again all am an and any are as at be because been but by can could did do does don't for from had has have he her here him his how i i'm
    if in into is it it's its just know like me my no not now of oh okay ok on or our out so that that's the their them then there these they this those
    to too uh um up us very was we well were what when where which who why will with would yeah yes you your hello hi hey bye thanks thank neither either
    right sure mean really got get go going say said think thought see well mhm hmm ah er also one`.split(/\s+/),
  ),
  zh: new Set("的 了 是 我 你 他 她 它 我们 你们 他们 这 那 这个 那个 吗 呢 吧 啊 嗯 哦 呃 好 对 就 也 都 在 有 和 不 说 你好 谢谢 再见 喂 哈哈 就是 然后 知道 一 个".split(/\s+/)),
};

export function wordsOf(text: string, locale: string): string[] {
  return [...new Intl.Segmenter(locale, { granularity: "word" }).segment(text)].filter((s) => s.isWordLike).map((s) => s.segment.toLocaleLowerCase(locale));
}

const stopList = (locale: string) => (locale === "zh" ? GENERIC_STOP.zh : GENERIC_STOP.en);
const onlyStopWords = (text: string, locale: string) => wordsOf(text, locale).every((w) => stopList(locale).has(w));

const md = new MarkdownIt({ html: false, linkify: true });

/** The text a reader sees of one summary line (markdown-it's rendering without tags), without its list marker and time. */
function shownText(line: string): string {
  const html = md.renderInline(line.replace(/^\s*[-*+]\s+/, ""));
  const text = html
    .replace(/<[^>]+>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
  return text.replace(/^\[\d{1,2}:\d\d(?::\d\d)?\]\s*/, "");
}

/** The bullet lines of one "## " section. */
function sectionBullets(markdown: string, heading: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && l.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.startsWith("- "));
}

// What a markdown mark looks like once it has been escaped into plain text: a heading's hashes,
// a list marker or a quote at the start, a table's pipes or rule.
const MARK_AS_TEXT = /(?:^|[.!?。！？…]\s*)#{1,6}\s|^[-*+>]\s|^\d{1,3}[.)]\s|(?:^|\s)\|(?:\s|$)|\|\s*-{3,}|\\[_*#|[\]]/u;

export interface SummaryQuality {
  keyPoints: number;
  /** Key points under MIN_WORDS words. */
  shortKeyPoints: string[];
  /** Key points of nothing but generic stop words, greetings and fillers. */
  emptyKeyPoints: string[];
  /** Lines (overview, key points, topics, lists) showing a markdown mark as text. */
  markLeaks: string[];
}

export function summaryQuality(summary: string, t: Translate, locale: string): SummaryQuality {
  const keyPoints = sectionBullets(summary, t("summary.keyPoints")).map(shownText);
  const textLines = summary.split("\n").filter((l) => l.trim() && !l.startsWith("#"));
  return {
    keyPoints: keyPoints.length,
    shortKeyPoints: keyPoints.filter((k) => wordsOf(k, locale).length < MIN_WORDS),
    emptyKeyPoints: keyPoints.filter((k) => onlyStopWords(k, locale)),
    markLeaks: textLines.map(shownText).filter((l) => MARK_AS_TEXT.test(l)),
  };
}

/** Why a question cannot be answered from its own text, or null when it can. */
export function notSelfContained(q: QuizQuestion, t: Translate, locale: string): string | null {
  const template = (key: string, name: string) => t(key, { [name]: "\u0000" }).split("\u0000");
  if (q.kind === "single") {
    const [before, after] = template("quiz.cloze", "sentence");
    const sentence = q.prompt.slice(before!.length, q.prompt.length - after!.length);
    if (!sentence.includes("____")) return "no blank";
    const answer = q.options[q.answer[0]!] ?? "";
    const around = wordsOf(sentence.replace("____", " "), locale);
    if (around.length < MIN_WORDS_AROUND_BLANK) return `under ${MIN_WORDS_AROUND_BLANK} words around the blank`;
    if (onlyStopWords(sentence.replace("____", " "), locale)) return "only stop words around the blank";
    if (onlyStopWords(answer, locale)) return "a stop word blanked";
    return null;
  }
  if (q.kind === "truefalse") {
    const [before, after] = template("quiz.trueFalse", "statement");
    const statement = q.prompt.slice(before!.length, q.prompt.length - after!.length);
    if (wordsOf(statement, locale).length < MIN_WORDS) return `statement under ${MIN_WORDS} words`;
    if (onlyStopWords(statement, locale)) return "statement of stop words";
    return null;
  }
  // "Which were mentioned together with X?" names keywords; "Which statements match?" quotes sentences.
  if (q.options.some((o) => onlyStopWords(o, locale))) return "a stop word as an option";
  if (q.prompt === t("quiz.statements") && q.options.some((o) => wordsOf(o, locale).length < MIN_WORDS)) return `an option under ${MIN_WORDS} words`;
  return null;
}
