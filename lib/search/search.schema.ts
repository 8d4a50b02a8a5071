import { z } from "zod";
import { safeId, trimBlanks } from "@/lib/server/text";

// The search rules (docs/search.md), shared by the browser (instant checks) and the server.
// No server imports.

/** Fewest letters or digits a query needs: one CJK character or one Latin letter finds far too much. */
export const SEARCH_MIN_CHARS = 2;
/** Longest query, in characters. */
export const SEARCH_MAX_CHARS = 100;
export const SEARCH_PAGE_SIZE = 20;
/** Deepest page served: OFFSET past this costs more than a narrower query. */
export const SEARCH_MAX_PAGE = 50;
/** folderId value for tasks in no folder. */
export const UNCATEGORIZED = "uncategorized";

export type SearchField = "title" | "transcript" | "summary";
export type QueryProblem = "empty" | "tooShort" | "tooLong";

/** Text with the matched parts given as [start, end) ranges in UTF-16 units: the client renders them, never HTML. */
export interface Snippet {
  text: string;
  marks: [number, number][];
}

export interface SearchHit {
  taskId: string;
  title: string;
  field: SearchField;
  snippet: Snippet;
  /** Start of the matching transcript entry, in ms (transcript hits only). */
  beginMs?: number;
  /** True when the task belongs to someone else who shared it with the caller. */
  shared: boolean;
}

export interface SearchPage {
  items: SearchHit[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/** NFKC (full-width letters become plain ones), white space runs become one space, blank ends trimmed. */
export function normalizeQuery(raw: string): string {
  return trimBlanks(raw.normalize("NFKC").replace(/\s+/g, " "));
}

/** Checks a query the same way in the browser and on the server. */
export function checkQuery(raw: string): { ok: true; q: string } | { ok: false; problem: QueryProblem } {
  const q = normalizeQuery(raw);
  const letters = q.match(LETTER_OR_DIGIT)?.length ?? 0;
  if (letters === 0) return { ok: false, problem: "empty" };
  if (letters < SEARCH_MIN_CHARS) return { ok: false, problem: "tooShort" };
  if ([...q].length > SEARCH_MAX_CHARS) return { ok: false, problem: "tooLong" };
  return { ok: true, q };
}

export const searchQuerySchema = z.object({
  // Length and content rules are checkQuery's, so that they get their own messages.
  q: z.string().max(4000).default(""),
  folderId: safeId.optional(),
  page: z.coerce.number().int().min(1).max(SEARCH_MAX_PAGE).default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
