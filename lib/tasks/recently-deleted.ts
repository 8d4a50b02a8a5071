import "server-only";
import { AppError } from "@/lib/server/errors";
import { refundTask } from "@/lib/billing/ledger";
import { requestCancel } from "@/lib/jobs/cancel";
import { announceAccessChange } from "@/lib/server/access-changes";
import { logger } from "@/lib/server/logger";
import { prisma, Prisma } from "@/lib/server/prisma";
import { IN_ANALYSIS, IN_TRANSCRIPTION, isIn } from "./task-status";
import { moveTaskStatus } from "./write-guard";
import { removeTaskFiles } from "./task-files";

// "Recently deleted" (docs/recently-deleted.md): deleting a task sets deletedAt. From then on
// every list, search, share link and collaborator query leaves it out (they all ask for
// deletedAt: null), its jobs are cancelled as before, and a worker still on it finds it gone
// (lib/tasks/write-guard.ts). Its owner can restore it for RETENTION_DAYS; then the sweep purges it
// with its files. Deletion gives no minutes back, except as before for work that never started.

export const RETENTION_DAYS = 30;
const RETENTION_MS = RETENTION_DAYS * 24 * 3600_000;

/** Statuses in which the task waited on its transcription: its job was stopped by the delete. */
const STOPPED_TRANSCRIPTION = ["not_started", ...IN_TRANSCRIPTION] as const;

/** When a task deleted at `deletedAt` is purged. */
export function purgeDateOf(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RETENTION_MS);
}

/**
 * Moves the caller's tasks among ids (others' ids are ignored) to Recently deleted. Their jobs
 * are cancelled first (queued ones removed, running ones aborted); charges for work that never
 * started are refunded, as with every stopped queue entry. Co-editing sockets on them close at once
 * (the access change is announced to every web process, lib/collab/connection-watch.ts).
 */
export async function deleteTasks(userId: string, ids: string[]) {
  const owned = await prisma.task.findMany({
    where: { id: { in: ids }, userId, deletedAt: null },
    select: { id: true, status: true, translations: { select: { targetLanguage: true } } },
  });
  if (owned.length === 0) throw new AppError("tasks.notFound");
  for (const t of owned) await requestCancel(t.id, { targetLanguages: t.translations.map((tr) => tr.targetLanguage) });
  const now = new Date();
  await prisma.$transaction(async (db) => {
    for (const t of owned) if (t.status === "queued" || t.status === "not_started") await refundTask(db, t.id);
    await db.task.updateMany({ where: { id: { in: owned.map((t) => t.id) }, userId, deletedAt: null }, data: { deletedAt: now } });
  });
  // Co-editing sockets on these tasks (the owner's and collaborators') close at once, in every process.
  await announceAccessChange({ taskIds: owned.map((t) => t.id) });
  return { deleted: owned.length };
}

const deletedSelect = { id: true, title: true, source: true, duration: true, createTime: true, deletedAt: true } as const;

/** The caller's recently deleted tasks, most recently deleted first. */
export async function listDeletedTasks(userId: string) {
  const rows = await prisma.task.findMany({ where: { userId, deletedAt: { not: null } }, select: deletedSelect, orderBy: { deletedAt: "desc" }, take: 500 });
  return {
    retentionDays: RETENTION_DAYS,
    tasks: rows.map((r) => ({
      id: r.id,
      title: r.title,
      source: r.source,
      duration: r.duration,
      createTime: r.createTime.toISOString(),
      deletedAt: r.deletedAt!.toISOString(),
      purgeAt: purgeDateOf(r.deletedAt!).toISOString(),
    })),
  };
}

async function ownedDeleted(userId: string, ids: string[]) {
  const rows = await prisma.task.findMany({ where: { id: { in: ids }, userId, deletedAt: { not: null } }, select: { id: true, status: true } });
  if (rows.length === 0) throw new AppError("tasks.notFound");
  return rows;
}

/**
 * Brings tasks back as they were. Work the delete stopped cannot resume where it was: a
 * transcription that was waiting or running comes back failed ("stopped when deleted") with its
 * charge given back, so that Retry charges it once; an interrupted analysis comes back failed.
 */
export async function restoreTasks(userId: string, ids: string[]) {
  const rows = await ownedDeleted(userId, ids);
  await prisma.$transaction(async (db) => {
    for (const t of rows) {
      const where: Prisma.TaskWhereInput = { userId, deletedAt: { not: null } };
      if (isIn(STOPPED_TRANSCRIPTION, t.status)) {
        await refundTask(db, t.id);
        const data = { deletedAt: null, errorCode: "stopped_by_delete", errorMessage: null, errorDescription: null, errorSuggestions: [] };
        await moveTaskStatus(t.id, "failed", { from: [t.status], where, data, db });
      } else if (isIn(IN_ANALYSIS, t.status)) {
        // An AI step that ran was stopped by the delete too.
        await moveTaskStatus(t.id, "analysis_failed", { from: [t.status], where, data: { deletedAt: null }, db });
      } else {
        await db.task.updateMany({ where: { ...where, id: t.id }, data: { deletedAt: null } });
      }
      await db.translation.updateMany({ where: { taskId: t.id, status: "translating" }, data: { status: "translation_failed" } });
    }
  });
  return { restored: rows.length };
}

/** Removes tasks for good: the row (and everything hanging on it) and every file. The ledger keeps its charges, detached. */
async function purge(rows: { id: string; userId: string }[]): Promise<number> {
  if (rows.length === 0) return 0;
  await prisma.task.deleteMany({ where: { id: { in: rows.map((r) => r.id) }, deletedAt: { not: null } } });
  for (const t of rows) {
    await removeTaskFiles(t.userId, t.id).catch((e) => logger.warn("could not remove task files", { taskId: t.id, error: String(e) }));
  }
  return rows.length;
}

/** "Delete forever" from the Recently deleted view: only tasks already there. */
export async function deleteTasksForever(userId: string, ids: string[]) {
  const rows = await ownedDeleted(userId, ids);
  return { deleted: await purge(rows.map((r) => ({ id: r.id, userId }))) };
}

/** The sweep's part: tasks deleted more than RETENTION_DAYS ago go, with their files. */
export async function purgeExpiredTasks(now = new Date()): Promise<number> {
  const rows = await prisma.task.findMany({ where: { deletedAt: { lt: new Date(now.getTime() - RETENTION_MS) } }, select: { id: true, userId: true }, take: 500 });
  return purge(rows);
}
