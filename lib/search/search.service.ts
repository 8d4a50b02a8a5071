import "server-only";
import { AppError } from "@/lib/api/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { containsPattern, findMarks, plainMarkdown, queryTerms, snippetOf } from "./match";
import { checkQuery, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, UNCATEGORIZED, type SearchField, type SearchHit, type SearchPage } from "./search.schema";

// Search over the caller's library (docs/search.md): titles, summaries and transcript
// entries of the tasks they own or collaborate on, deleted tasks left out.
// A field matches when it contains the query (pg_trgm index) or all of its words
// (full-text index; CJK as bigram phrases). Whole-query matches rank first, then
// titles, summaries and transcripts, then the newest task, then time in the recording.

interface HitRow {
  taskId: string;
  title: string;
  field: SearchField;
  text: string;
  beginMs: number | null;
  shared: boolean;
}

type Terms = ReturnType<typeof queryTerms>;

/**
 * A field's match test: contains the query (pg_trgm; only when it has a trigram to look up) or all its
 * words (full-text). `indexed` repeats the full-text index's expression exactly; `lowered` tests the
 * substring as lower(column) LIKE, the form of the transcript entries' expression index.
 */
function matches(column: Prisma.Sql, terms: Terms, pattern: string, opts: { indexed?: Prisma.Sql; lowered?: boolean } = {}): Prisma.Sql {
  const indexed = opts.indexed ?? column;
  const words = Prisma.sql`(${column} ILIKE ALL(${terms.runPatterns}::text[])
    AND to_tsvector('simple'::regconfig, tingji_search_terms(${indexed})) @@ to_tsquery('simple'::regconfig, ${terms.tsquery}))`;
  if (!terms.trigram) return words;
  const substring = opts.lowered ? Prisma.sql`lower(${column}) LIKE ${pattern.toLowerCase()}` : Prisma.sql`${column} ILIKE ${pattern}`;
  return Prisma.sql`(${substring} OR ${words})`;
}

async function folderCondition(userId: string, folderId: string | undefined): Promise<Prisma.Sql> {
  if (!folderId) return Prisma.empty;
  // Folders are the owner's own filing: a folder filter shows the caller's own tasks only.
  if (folderId === UNCATEGORIZED) return Prisma.sql`AND t."userId" = ${userId} AND t."folderId" IS NULL`;
  const owned = await prisma.folder.count({ where: { id: folderId, userId } });
  if (owned === 0) throw new AppError("folders.notFound");
  return Prisma.sql`AND t."userId" = ${userId} AND t."folderId" = ${folderId}`;
}

function validQuery(raw: string): string {
  const checked = checkQuery(raw);
  if (checked.ok) return checked.q;
  if (checked.problem === "empty") throw new AppError("search.queryEmpty");
  if (checked.problem === "tooShort") throw new AppError("search.queryTooShort", { min: SEARCH_MIN_CHARS });
  throw new AppError("search.queryTooLong", { max: SEARCH_MAX_CHARS });
}

/**
 * The page's SQL; exported for bench/search.ts, which EXPLAINs it. Transcript entries are read in two
 * parts: the caller's own through the indexes that lead with "ownerId" (migration *_search_owner), and
 * those of tasks shared with the caller through their task ids (a folder filter leaves those out).
 */
export function searchSql(userId: string, q: string, folder: Prisma.Sql, page: number): Prisma.Sql {
  const terms = queryTerms(q);
  const pattern = containsPattern(q);
  const visible = Prisma.sql`t."deletedAt" IS NULL
    AND (t."userId" = ${userId} OR EXISTS (SELECT 1 FROM "Collaborator" c WHERE c."taskId" = t.id AND c."userId" = ${userId}))
    ${folder}`;
  const entryMatch = matches(Prisma.sql`e.text`, terms, pattern, { lowered: true });
  const sharedEntries =
    folder === Prisma.empty
      ? Prisma.sql`UNION ALL
      SELECT t.id, t.title, 'transcript', 2, e.text, e.begin, e.position, t."createTime", true, e.text ILIKE ${pattern}
      FROM "Collaborator" c JOIN "Task" t ON t.id = c."taskId" JOIN "TimelineEntry" e ON e."taskId" = t.id
      WHERE c."userId" = ${userId} AND t."userId" <> ${userId} AND t."deletedAt" IS NULL AND ${entryMatch}`
      : Prisma.empty;
  return Prisma.sql`
    SELECT "taskId", title, field, text, "beginMs", shared FROM (
      SELECT t.id AS "taskId", t.title, 'title' AS field, 0 AS field_rank, t.title AS text, NULL::int AS "beginMs", 0 AS position,
             t."createTime", t."userId" <> ${userId} AS shared, t.title ILIKE ${pattern} AS whole
      FROM "Task" t WHERE ${visible} AND ${matches(Prisma.sql`t.title`, terms, pattern)}
      UNION ALL
      SELECT t.id, t.title, 'summary', 1, t.summary, NULL, 0, t."createTime", t."userId" <> ${userId}, t.summary ILIKE ${pattern}
      FROM "Task" t WHERE ${visible} AND t.summary IS NOT NULL AND ${matches(Prisma.sql`t.summary`, terms, pattern, { indexed: Prisma.sql`coalesce(t.summary, '')` })}
      UNION ALL
      SELECT t.id, t.title, 'transcript', 2, e.text, e.begin, e.position, t."createTime", false, e.text ILIKE ${pattern}
      FROM "TimelineEntry" e JOIN "Task" t ON t.id = e."taskId"
      WHERE e."ownerId" = ${userId} AND t."deletedAt" IS NULL ${folder} AND ${entryMatch}
      ${sharedEntries}
    ) hits
    ORDER BY whole DESC, field_rank, "createTime" DESC, "taskId", position
    LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${(page - 1) * SEARCH_PAGE_SIZE}`;
}

export async function searchTasks(userId: string, input: { q: string; folderId?: string; page: number }): Promise<SearchPage> {
  const q = validQuery(input.q);
  const folder = await folderCondition(userId, input.folderId);
  const rows = await prisma.$queryRaw<HitRow[]>(searchSql(userId, q, folder, input.page));
  const { words } = queryTerms(q);
  const items = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => toHit(row, q, words));
  return { items, page: input.page, pageSize: SEARCH_PAGE_SIZE, hasMore: rows.length > SEARCH_PAGE_SIZE };
}

function toHit(row: HitRow, q: string, words: string[]): SearchHit {
  let text = row.text;
  if (row.field === "summary") {
    // Snippets show the summary's words, not its markdown signs (unless only the raw text holds the match).
    const plain = plainMarkdown(text);
    if (findMarks(plain, q, words).length > 0) text = plain;
  }
  const snippet = snippetOf(text, findMarks(text, q, words));
  const hit: SearchHit = { taskId: row.taskId, title: row.title, field: row.field, snippet, shared: row.shared };
  if (row.field === "transcript" && row.beginMs !== null) hit.beginMs = row.beginMs;
  return hit;
}
