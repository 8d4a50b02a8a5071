import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { containsPattern, findMarks, plainMarkdown, queryTerms, snippetOf } from "./match";
import { checkQuery, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_PAGE_SIZE, UNCATEGORIZED, type SearchField, type SearchHit, type SearchPage } from "./search.schema";

// Search over the caller's library (docs/search.md): titles, summaries and transcript
// entries of the tasks they own or collaborate on, deleted tasks left out.
// A field matches when it contains every word of the query (pg_trgm), or, for queries
// of one- and two-letter words only, their full-text terms (CJK bigrams). Titles, then
// summaries (whole-query matches first, then the newest task), then transcript entries
// (newest task first, then time in the recording): docs/search.md "Ranking".

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
 * A field's match test. With a word of three letters or more: every word is a substring (pg_trgm serves
 * the long ones). Otherwise the full-text terms, behind a cheap substring test of each run. `indexed`
 * repeats the full-text index's expression exactly; `lowered` writes the substring tests as
 * lower(column) LIKE, the form of the transcript entries' expression index.
 */
function matches(column: Prisma.Sql, terms: Terms, opts: { indexed?: Prisma.Sql; lowered?: boolean; noIndex?: boolean } = {}): Prisma.Sql {
  if (terms.trigram) {
    const tests = terms.wordPatterns.map((p) => (opts.lowered ? Prisma.sql`lower(${column}) LIKE ${p}` : Prisma.sql`${column} ILIKE ${p}`));
    return Prisma.sql`(${Prisma.join(tests, " AND ")})`;
  }
  const runs = Prisma.sql`${column} ILIKE ALL(${terms.runPatterns}::text[])`;
  if (opts.noIndex) {
    // The same test row by row: a CJK run is found as a substring exactly when its bigrams are, so only
    // Latin words need the full-text test, which needs no CJK rewriting.
    return terms.latinTsquery ? Prisma.sql`(${runs} AND to_tsvector('simple'::regconfig, ${column}) @@ to_tsquery('simple'::regconfig, ${terms.latinTsquery}))` : runs;
  }
  return Prisma.sql`(${runs}
    AND to_tsvector('simple'::regconfig, tingji_search_terms(${opts.indexed ?? column})) @@ to_tsquery('simple'::regconfig, ${terms.tsquery}))`;
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

/** Tasks whose entries are read together: the newest first, then further batches when a word is frequent. */
const PROBE_TASKS = 12;
const BATCH_TASKS = 48;
/** A query with fewer matching entries than this is read whole through the indexes and sorted here. */
const SPARSE_CAP = 500;

interface Query {
  userId: string;
  terms: Terms;
  pattern: string;
  folder: Prisma.Sql;
}

interface VisibleTask {
  id: string;
  title: string;
  shared: boolean;
}

/** The caller's live tasks and those shared with them (after the folder filter), newest first. */
function visibleTasksSql({ userId, folder }: Query): Prisma.Sql {
  return Prisma.sql`
    SELECT t.id, t.title, t."userId" <> ${userId} AS shared FROM "Task" t
    WHERE t."deletedAt" IS NULL ${folder}
      AND (t."userId" = ${userId} OR t.id IN (SELECT c."taskId" FROM "Collaborator" c WHERE c."userId" = ${userId}))
    ORDER BY t."createTime" DESC, t.id`;
}

/**
 * Title and summary hits of one page, and how many there are in all: the caller's own tasks through
 * "userId" (its index, or the text indexes), the shared ones by id. Exported for the bench's EXPLAIN.
 */
export function headSql({ userId, terms, pattern, folder }: Query, sharedIds: string[], offset: number, limit: number): Prisma.Sql {
  const field = (name: "title" | "summary", rank: number, column: Prisma.Sql, indexed: Prisma.Sql) => {
    const match = matches(column, terms, { indexed });
    const select = Prisma.sql`SELECT t.id AS "taskId", ${name} AS field, ${rank} AS field_rank, ${column} AS text, ${column} ILIKE ${pattern} AS whole, t."createTime" FROM "Task" t`;
    const shared = folder === Prisma.empty ? Prisma.sql`UNION ALL ${select} WHERE t.id = ANY(${sharedIds}::text[]) AND t."deletedAt" IS NULL AND ${match}` : Prisma.empty;
    return Prisma.sql`${select} WHERE t."userId" = ${userId} AND t."deletedAt" IS NULL ${folder} AND ${column} IS NOT NULL AND ${match} ${shared}`;
  };
  return Prisma.sql`
    WITH hits AS MATERIALIZED (
      ${field("title", 0, Prisma.sql`t.title`, Prisma.sql`t.title`)}
      UNION ALL
      ${field("summary", 1, Prisma.sql`t.summary`, Prisma.sql`coalesce(t.summary, '')`)}
    )
    SELECT (SELECT count(*)::int FROM hits) AS total,
           (SELECT coalesce(json_agg(p), '[]') FROM (SELECT "taskId", field, text FROM hits ORDER BY field_rank, whole DESC, "createTime" DESC, "taskId" LIMIT ${limit} OFFSET ${offset}) p) AS page`;
}

interface EntryRow {
  taskId: string;
  text: string;
  beginMs: number;
  position: number;
}

/** Matching entries of the given tasks (through their task ids). */
export function entriesOfTasksSql({ terms }: Query, ids: string[]): Prisma.Sql {
  // Written so that no text index matches (plain ILIKE and to_tsvector of the bare text): bitmaps of every
  // user's matches would cost more than testing these few tasks' entries one by one.
  return Prisma.sql`SELECT e."taskId", e.text, e.begin AS "beginMs", e.position FROM "TimelineEntry" e
    WHERE e."taskId" = ANY(${ids}::text[]) AND ${matches(Prisma.sql`e.text`, terms, { noIndex: true })}`;
}

/** At most SPARSE_CAP matching entries of the caller's own tasks (through the owner indexes) and of the shared ones. */
export function indexedEntriesSql({ userId, terms }: Query, sharedIds: string[]): Prisma.Sql {
  const match = matches(Prisma.sql`e.text`, terms, { lowered: true });
  return Prisma.sql`(SELECT e."taskId", e.text, e.begin AS "beginMs", e.position FROM "TimelineEntry" e WHERE e."ownerId" = ${userId} AND ${match}
    UNION ALL
    SELECT e."taskId", e.text, e.begin, e.position FROM "TimelineEntry" e WHERE e."taskId" = ANY(${sharedIds}::text[]) AND ${match})
    LIMIT ${SPARSE_CAP}`;
}

/**
 * Transcript hits `offset … offset + limit` in the one order (newest task first, then time), by the
 * cheapest way for how often the query occurs: the newest tasks' entries often hold enough (a frequent
 * word), else the indexes hold them all (a rare one), else the tasks are read batch by batch.
 */
async function transcriptRows(query: Query, tasks: VisibleTask[], offset: number, limit: number): Promise<HitRow[]> {
  const order = new Map(tasks.map((t, i) => [t.id, i]));
  const want = offset + limit;
  const ranked = (rows: EntryRow[]) =>
    rows.filter((r) => order.has(r.taskId)).sort((a, b) => order.get(a.taskId)! - order.get(b.taskId)! || a.position - b.position);
  const toRows = (rows: EntryRow[]): HitRow[] =>
    rows.slice(offset, want).map((r) => {
      const task = tasks[order.get(r.taskId)!];
      return { taskId: r.taskId, title: task.title, field: "transcript", text: r.text, beginMs: r.beginMs, shared: task.shared };
    });
  const batch = (from: number, size: number) => prisma.$queryRaw<EntryRow[]>(entriesOfTasksSql(query, tasks.slice(from, from + size).map((t) => t.id)));

  let found = ranked(await batch(0, PROBE_TASKS));
  if (found.length >= want || tasks.length <= PROBE_TASKS) return toRows(found);
  const indexed = await prisma.$queryRaw<EntryRow[]>(indexedEntriesSql(query, tasks.filter((t) => t.shared).map((t) => t.id)));
  if (indexed.length < SPARSE_CAP) return toRows(ranked(indexed));
  for (let from = PROBE_TASKS; from < tasks.length && found.length < want; from += BATCH_TASKS) found = [...found, ...ranked(await batch(from, BATCH_TASKS))];
  return toRows(found);
}

/** One page of the ranked list: titles and summaries (few per task, counted whole), then transcript entries. */
async function pageRows(query: Query, page: number): Promise<HitRow[]> {
  const offset = (page - 1) * SEARCH_PAGE_SIZE;
  const want = SEARCH_PAGE_SIZE + 1; // one more says whether there is a next page
  const tasks = await prisma.$queryRaw<VisibleTask[]>(visibleTasksSql(query));
  if (tasks.length === 0) return [];
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const sharedIds = tasks.filter((t) => t.shared).map((t) => t.id);
  const [head] = await prisma.$queryRaw<{ total: number; page: { taskId: string; field: SearchField; text: string }[] }[]>(headSql(query, sharedIds, offset, want));
  const rows: HitRow[] = head.page.map((h) => ({ ...h, title: byId.get(h.taskId)!.title, beginMs: null, shared: byId.get(h.taskId)!.shared }));
  if (rows.length === want) return rows;
  return [...rows, ...(await transcriptRows(query, tasks, Math.max(0, offset - head.total), want - rows.length))];
}

export async function searchTasks(userId: string, input: { q: string; folderId?: string; page: number }): Promise<SearchPage> {
  const q = validQuery(input.q);
  const query: Query = { userId, terms: queryTerms(q), pattern: containsPattern(q), folder: await folderCondition(userId, input.folderId) };
  const rows = await pageRows(query, input.page);
  const items = rows.slice(0, SEARCH_PAGE_SIZE).map((row) => toHit(row, q, query.terms.words));
  return { items, page: input.page, pageSize: SEARCH_PAGE_SIZE, hasMore: rows.length > SEARCH_PAGE_SIZE };
}

/** What the bench EXPLAINs for page 1: the task list, the head, the probe of the newest tasks, the indexed read. */
export async function explainedSql(userId: string, q: string): Promise<Prisma.Sql[]> {
  const query: Query = { userId, terms: queryTerms(q), pattern: containsPattern(q), folder: Prisma.empty };
  const tasks = await prisma.$queryRaw<VisibleTask[]>(visibleTasksSql(query));
  const ids = tasks.map((t) => t.id);
  const sharedIds = tasks.filter((t) => t.shared).map((t) => t.id);
  return [visibleTasksSql(query), headSql(query, sharedIds, 0, 21), entriesOfTasksSql(query, ids.slice(0, PROBE_TASKS)), indexedEntriesSql(query, sharedIds)];
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
