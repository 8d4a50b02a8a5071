import "server-only";
import { Prisma, prisma } from "@/lib/server/prisma";
import type { SummaryRow } from "@/lib/tasks/task.serializer";

/** Which of the owner's tasks a page lists: all, the uncategorized ones (null), or one folder's. */
export type FolderFilter = undefined | null | string;

interface RawSummary extends Omit<SummaryRow, "folder"> {
  folderId: string | null;
  folderName: string | null;
  total: bigint;
}

/**
 * One page of a user's tasks (newest first) and how many there are, in one
 * statement: the task list is the app's hottest read, and Prisma's findMany
 * with the folder relation plus a count took about 2 ms of CPU a request
 * against 0.6 ms for this (bench/README.md "load: findings"). Columns and
 * order are taskSummarySelect's and the old `orderBy: { createTime: "desc" }`.
 */
export async function taskPage(userId: string, folder: FolderFilter, page: number, pageSize: number): Promise<{ rows: SummaryRow[]; total: number }> {
  const inFolder = folder === undefined ? Prisma.empty : folder === null ? Prisma.sql`and t."folderId" is null` : Prisma.sql`and t."folderId" = ${folder}`;
  const raw = await prisma.$queryRaw<RawSummary[]>`
    select t.id, t.title, t.status::text as status, t.source::text as source, t."createTime", t."transcriptionTime", t."updateTime",
      t.duration, t."fileSize", t."mediaKind", t."estimatedMinutes", t."errorCode", t."errorMessage", t."errorDescription",
      t."retryCount", t."requestId", t."errorSuggestions", t."sourceUrl", t."meetingStatus"::text as "meetingStatus",
      f.id as "folderId", f.name as "folderName", count(*) over () as total
    from "Task" t left join "Folder" f on f.id = t."folderId"
    where t."userId" = ${userId} and t."deletedAt" is null ${inFolder}
    order by t."createTime" desc
    offset ${(page - 1) * pageSize} limit ${pageSize}`;
  const rows = raw.map(({ folderId, folderName, total: _total, ...t }) => ({ ...t, folder: folderId ? { id: folderId, name: folderName ?? "" } : null }));
  // A page past the end has no row to carry the total.
  const total = raw[0] ? Number(raw[0].total) : await prisma.task.count({ where: { userId, deletedAt: null, ...(folder === undefined ? {} : { folderId: folder }) } });
  return { rows, total };
}
