import type { Snippet } from "./search.schema";

// How a normalised query becomes database conditions, and how a hit's text gets
// its marks. Pure code (unit-tested in match.test.ts); the SQL is in search.service.ts.

// Chinese, Japanese and Korean: the same ranges as tingji_search_terms() in the
// search migration, which indexes each run of them as overlapping bigrams.
const CJK = "\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uac00-\\ud7af\\uf900-\\ufaff\\uff66-\\uff9f";
const CJK_RUN = new RegExp(`[${CJK}]+|[^${CJK}]+`, "gu");
const IS_CJK = new RegExp(`^[${CJK}]`, "u");
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export interface QueryTerms {
  /** to_tsquery('simple', …) text: every word must occur (Latin words as prefixes, CJK as bigram phrases). */
  tsquery: string;
  /** True when a word has three letters or more, so pg_trgm's index can serve the substring tests. */
  trigram: boolean;
  /** The words marked when the query does not occur as a whole. */
  words: string[];
  /**
   * LIKE patterns each tsquery match must contain (its Latin and CJK runs): checked before the
   * full-text test, so a row read through another index is rarely run through tingji_search_terms().
   */
  runPatterns: string[];
  /** LIKE patterns of the query's words (lowercased): a field holding all of them matches. */
  wordPatterns: string[];
  /** The tsquery's Latin-script part alone ("" when none): with runPatterns, the same test without tingji_search_terms(). */
  latinTsquery: string;
}

export function bigramPhrase(run: string): string {
  const chars = [...run];
  if (chars.length === 1) return `'${chars[0]}':*`;
  const grams: string[] = [];
  for (let i = 0; i < chars.length - 1; i++) grams.push(`'${chars[i]}${chars[i + 1]}'`);
  return grams.length === 1 ? grams[0] : `(${grams.join(" <-> ")})`;
}

/** Words are letter, digit and mark runs only, so the tsquery text never holds an operator or a quote. */
export function queryTerms(q: string): QueryTerms {
  const words = (q.match(WORD) ?? []).map((w) => w.toLowerCase());
  const parts: string[] = [];
  const latin: string[] = [];
  const runs: string[] = [];
  for (const word of words) {
    for (const run of word.match(CJK_RUN) ?? []) {
      parts.push(IS_CJK.test(run) ? bigramPhrase(run) : `'${run}':*`);
      if (!IS_CJK.test(run)) latin.push(`'${run}':*`);
      runs.push(run);
    }
  }
  const unique = [...new Set(words)];
  return { tsquery: parts.join(" & "), trigram: words.some((w) => [...w].length >= 3), words: unique, runPatterns: [...new Set(runs)].map(containsPattern), wordPatterns: unique.map(containsPattern), latinTsquery: latin.join(" & ") };
}

/** The LIKE pattern for "contains q", with LIKE's own wildcards escaped. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Ranges of the whole query in `text` (any case, any white space between words), else of each of its words. */
export function findMarks(text: string, q: string, words: string[]): [number, number][] {
  const whole = new RegExp(q.split(" ").map(escapeRegExp).join("\\s+"), "giu");
  let marks = [...text.matchAll(whole)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  if (marks.length === 0 && words.length > 0) {
    const any = new RegExp([...words].sort((a, b) => b.length - a.length).map(escapeRegExp).join("|"), "giu");
    marks = [...text.matchAll(any)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
  }
  return marks.filter(([a, b]) => b > a);
}

const ELLIPSIS = "…";

/**
 * A window of about `radius` characters either side of the first mark, cut at
 * white space where there is some; marks are shifted into the window.
 */
export function snippetOf(text: string, marks: [number, number][], radius = 80): Snippet {
  if (text.length <= radius * 2 + 20 || marks.length === 0) {
    const cut = text.length > radius * 2 + 20 ? text.slice(0, radius * 2) + ELLIPSIS : text;
    return { text: cut, marks: marks.filter(([, b]) => b <= cut.length) };
  }
  const [first] = marks;
  let start = Math.max(0, first[0] - radius);
  let end = Math.min(text.length, first[1] + radius);
  const space = text.lastIndexOf(" ", first[0]);
  if (start > 0 && space > start && space - start < radius / 2) start = space + 1;
  const after = text.indexOf(" ", end);
  if (after !== -1 && after - end < radius / 2) end = after;
  // Never split a surrogate pair at either edge.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start])) start--;
  if (end < text.length && /[\udc00-\udfff]/.test(text[end])) end++;
  const prefix = start > 0 ? ELLIPSIS : "";
  const suffix = end < text.length ? ELLIPSIS : "";
  const shift = prefix.length - start;
  const inside = marks.filter(([a, b]) => a >= start && b <= end).map(([a, b]) => [a + shift, b + shift] as [number, number]);
  return { text: prefix + text.slice(start, end) + suffix, marks: inside };
}

/** Markdown to the plain text a summary snippet shows: headings, emphasis, list bullets and quotes lose their signs. */
export function plainMarkdown(markdown: string): string {
  return markdown
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__|\*|_|`)(?=\S)([^\n]*?\S)\1/g, "$2")
    .replace(/\s+/g, " ")
    .trim();
}
