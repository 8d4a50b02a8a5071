import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma, Prisma } from "@/lib/server/prisma";
import { anyTermTsquery, bm25, questionTerms, termCounts } from "./terms";
import type { LibraryPassage, LibraryScope } from "./library-ask.schema";

// Retrieval for "Ask your library": the transcript entries of the caller's readable tasks (own,
// and shared with them: the search rule) that hold any word of the question, through the search
// migration's ("ownerId", full-text terms) index, ranked by BM25 here; the best of them, at most
// two per recording, come back with the entries before and after for context.

/** Entries read per question at most: a frequent word cannot make the ranking read the whole library. */
const CANDIDATES = 3000;
export const TOP_PASSAGES = 8;
const PER_TASK = 2;
/** An estimate of entries per task, for BM25's collection size (counting them would cost more than the ranking). */
const ENTRIES_PER_TASK = 100;

interface Candidate {
  taskId: string;
  title: string;
  position: number;
  begin: number;
  text: string;
}

/** Task ids shared with the caller (not deleted). */
async function sharedTaskIds(userId: string): Promise<string[]> {
  const rows = await prisma.collaborator.findMany({ where: { userId, task: { deletedAt: null } }, select: { taskId: true } });
  return rows.map((r) => r.taskId);
}

async function scopeOf(userId: string, scope: LibraryScope): Promise<{ own: Prisma.Sql | null; shared: string[]; tasks: number }> {
  if (scope.kind === "folder") {
    const owned = await prisma.folder.count({ where: { id: scope.folderId, userId } });
    if (!owned) throw new AppError("folders.notFound");
    const tasks = await prisma.task.count({ where: { userId, folderId: scope.folderId, deletedAt: null } });
    return { own: Prisma.sql`AND t."folderId" = ${scope.folderId}`, shared: [], tasks };
  }
  const shared = await sharedTaskIds(userId);
  if (scope.kind === "shared") return { own: null, shared, tasks: shared.length };
  const tasks = await prisma.task.count({ where: { userId, deletedAt: null } });
  return { own: Prisma.empty, shared, tasks: tasks + shared.length };
}

export async function retrievePassages(userId: string, question: string, scope: LibraryScope): Promise<LibraryPassage[]> {
  const { terms } = questionTerms(question);
  const tsquery = anyTermTsquery(terms);
  if (!tsquery) return [];
  const where = await scopeOf(userId, scope);
  const match = Prisma.sql`to_tsvector('simple'::regconfig, tingji_search_terms(e.text)) @@ to_tsquery('simple'::regconfig, ${tsquery})`;
  const parts: Prisma.Sql[] = [];
  if (where.own) {
    parts.push(Prisma.sql`SELECT e."taskId", t.title, e.position, e.begin, e.text FROM "TimelineEntry" e JOIN "Task" t ON t.id = e."taskId"
      WHERE e."ownerId" = ${userId} AND t."userId" = ${userId} AND t."deletedAt" IS NULL ${where.own} AND ${match}`);
  }
  if (where.shared.length) {
    parts.push(Prisma.sql`SELECT e."taskId", t.title, e.position, e.begin, e.text FROM "TimelineEntry" e JOIN "Task" t ON t.id = e."taskId"
      WHERE e."taskId" = ANY(${where.shared}::text[]) AND t."deletedAt" IS NULL AND ${match}`);
  }
  if (!parts.length) return [];
  // Common words match many entries: with the default 4 MB the bitmap of matches turns lossy, and every row of
  // its pages is re-checked by computing its tsvector again (p95 655 ms over the 10,000-task bench; 224 ms with
  // 64 MB, bench/README.md "library ask"). The memory is this one statement's, for its length only.
  const candidates = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SET LOCAL work_mem = '64MB'`;
    return tx.$queryRaw<Candidate[]>`${Prisma.join(parts, " UNION ALL ")} LIMIT ${CANDIDATES}`;
  });
  if (!candidates.length) return [];

  const scores = bm25(
    candidates.map((c) => termCounts(c.text, terms)),
    terms.length,
    Math.max(candidates.length, where.tasks * ENTRIES_PER_TASK),
  );
  // A recording whose title holds a word of the question is a little more likely the one meant.
  const titleHit = (title: string) => termCounts(title, terms).counts.some((n) => n > 0);
  const ranked = candidates.map((c, i) => ({ c, score: scores[i]! * (titleHit(c.title) ? 1.2 : 1) })).sort((a, b) => b.score - a.score || a.c.begin - b.c.begin);
  const perTask = new Map<string, number>();
  const best: { c: Candidate; score: number }[] = [];
  for (const r of ranked) {
    if (best.length >= TOP_PASSAGES || r.score <= 0) break;
    const n = perTask.get(r.c.taskId) ?? 0;
    if (n >= PER_TASK) continue;
    perTask.set(r.c.taskId, n + 1);
    best.push(r);
  }
  return withNeighbours(best);
}

/** The entry before and after each passage, read in one query. */
async function withNeighbours(best: { c: Candidate; score: number }[]): Promise<LibraryPassage[]> {
  if (!best.length) return [];
  const taskIds = best.flatMap((b) => [b.c.taskId, b.c.taskId]);
  const positions = best.flatMap((b) => [b.c.position - 1, b.c.position + 1]);
  const rows = await prisma.$queryRaw<{ taskId: string; position: number; text: string }[]>`
    SELECT e."taskId", e.position, e.text FROM "TimelineEntry" e
    JOIN unnest(${taskIds}::text[], ${positions}::int[]) AS n("taskId", position) ON e."taskId" = n."taskId" AND e.position = n.position`;
  const textAt = new Map(rows.map((r) => [`${r.taskId}:${r.position}`, r.text]));
  return best.map(({ c, score }, k) => ({
    n: k + 1,
    taskId: c.taskId,
    title: c.title,
    index: c.position,
    begin: c.begin,
    text: c.text,
    before: textAt.get(`${c.taskId}:${c.position - 1}`) ?? null,
    after: textAt.get(`${c.taskId}:${c.position + 1}`) ?? null,
    score: Math.round(score * 1000) / 1000,
  }));
}
