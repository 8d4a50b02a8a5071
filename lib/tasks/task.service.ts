import "server-only";
import { AppError } from "@/lib/api/errors";
import { getProgress, getProgressMany, clearProgress } from "@/lib/jobs/progress";
import { refundMinutes } from "@/lib/billing/usage";
import { storage } from "@/lib/storage/storage";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { showsProgress, taskDetailSelect, taskSummarySelect, toTaskDetail, toTaskSummary } from "./task.view";
import { queueTranscription } from "./queueing";

// Every query names the owner in `where`: another user's task is simply "not found".

export async function listTasks(userId: string, q: { page: number; page_size: number; folder_id?: string }) {
  const where = {
    userId,
    deletedAt: null,
    ...(q.folder_id === undefined || q.folder_id === "" ? {} : { folderId: q.folder_id === "uncategorized" ? null : q.folder_id }),
  };
  const [rows, total] = await Promise.all([
    prisma.task.findMany({ where, select: taskSummarySelect, orderBy: { createTime: "desc" }, skip: (q.page - 1) * q.page_size, take: q.page_size }),
    prisma.task.count({ where }),
  ]);
  const progress = await getProgressMany(rows.filter((r) => showsProgress(r.status)).map((r) => r.id));
  return { items: rows.map((r) => toTaskSummary(r, progress.get(r.id))), total, page: q.page, page_size: q.page_size };
}

export async function getTask(userId: string, taskId: string) {
  const row = await prisma.task.findFirst({ where: { id: taskId, userId, deletedAt: null }, select: taskDetailSelect });
  if (!row) throw new AppError("tasks.notFound");
  return toTaskDetail(row, await getProgress(taskId));
}

async function getTaskSummary(userId: string, taskId: string) {
  const row = await prisma.task.findFirst({ where: { id: taskId, userId, deletedAt: null }, select: taskSummarySelect });
  if (!row) throw new AppError("tasks.notFound");
  return toTaskSummary(row, await getProgress(taskId));
}

async function assertOwned(userId: string, taskId: string) {
  const found = await prisma.task.findFirst({ where: { id: taskId, userId, deletedAt: null }, select: { id: true, status: true } });
  if (!found) throw new AppError("tasks.notFound");
  return found;
}

export async function editTitle(userId: string, taskId: string, title: string) {
  if (!title.trim()) throw new AppError("tasks.titleEmpty");
  await assertOwned(userId, taskId);
  await prisma.task.update({ where: { id: taskId }, data: { title: title.trim() } });
  return getTaskSummary(userId, taskId);
}

/** Edits the text of timeline entries; their times and speakers stay. */
export async function editEntries(userId: string, taskId: string, entries: { index: number; text: string }[]) {
  await assertOwned(userId, taskId);
  await prisma.$transaction(async (db) => {
    for (const e of entries) {
      const res = await db.timelineEntry.updateMany({ where: { taskId, position: e.index }, data: { text: e.text.trim() } });
      if (res.count !== 1) throw new AppError("tasks.saveFailed");
    }
    const all = await db.timelineEntry.findMany({ where: { taskId }, select: { text: true }, orderBy: { position: "asc" } });
    await db.task.update({ where: { id: taskId }, data: { fullText: joinFullText(all.map((a) => a.text)) } });
  });
  return getTask(userId, taskId);
}

export async function editSpeakerNames(userId: string, taskId: string, speakers: { id: string; name: string }[]) {
  await assertOwned(userId, taskId);
  await prisma.$transaction(async (db) => {
    for (const s of speakers) {
      const res = await db.speaker.updateMany({ where: { id: s.id, taskId }, data: { name: s.name.trim() } });
      if (res.count !== 1) throw new AppError("tasks.speakerNameUpdateFailed");
    }
  });
  return getTask(userId, taskId);
}

/** Queues transcription; starting twice, or starting a finished task, is harmless. */
export async function startTranscription(userId: string, taskId: string, locale: string) {
  const task = await assertOwned(userId, taskId);
  if (task.status === "not_started" || task.status === "failed") await queueTranscription(taskId, locale, { retry: task.status === "failed" });
  return getTaskSummary(userId, taskId);
}

/** Deletes the caller's tasks among ids (others' ids are ignored), with their stored media. */
export async function deleteTasks(userId: string, ids: string[]) {
  const owned = await prisma.task.findMany({
    where: { id: { in: ids }, userId },
    select: { id: true, status: true, chargedMinutes: true, createTime: true, mediaParts: { select: { storageKey: true } }, mediaKey: true },
  });
  if (owned.length === 0) throw new AppError("tasks.notFound");
  await prisma.task.deleteMany({ where: { id: { in: owned.map((t) => t.id) }, userId } });
  for (const t of owned) {
    // Minutes reserved for work that never ran go back to the user.
    if (t.status === "queued" || t.status === "not_started") await refundMinutes(userId, t.chargedMinutes, t.createTime);
    await clearProgress(t.id);
    const keys = new Set([...t.mediaParts.map((p) => p.storageKey), ...(t.mediaKey ? [t.mediaKey] : [])]);
    for (const key of keys) await storage().remove(key).catch((e) => logger.warn("could not remove media", { key, error: String(e) }));
    await storage().remove(`${mediaFolder(userId, t.id)}/segments.json`).catch(() => undefined);
  }
  return { deleted: owned.length };
}

export function mediaFolder(userId: string, taskId: string): string {
  return `media/${userId}/${taskId}`;
}

export function joinFullText(texts: string[]): string {
  return texts.filter(Boolean).join("\n");
}
