import "server-only";
import { AppError } from "@/lib/server/errors";
import { chargeTask } from "@/lib/billing/ledger";
import { billableSeconds } from "@/lib/billing/usage";
import { getProgress, getProgressMany } from "@/lib/jobs/progress";
import { prisma } from "@/lib/server/prisma";
import { showsProgress, taskDetailSelect, taskSummarySelect, toTaskDetail, toTaskSummary } from "@/lib/tasks/task.serializer";
import { findOwnedTask } from "./owned";
import { findReadableTask } from "./readable";
import { queueTranscription } from "./queueing";
import { moveTaskStatus } from "./write-guard";
import { taskPage } from "./task-list";
import { assertEngineHears } from "./spoken-language";

// Every write names the owner in `where` (findOwnedTask): another user's task is simply "not found".
// Reads a collaborator needs (getTask) go through findReadableTask instead.

export async function listTasks(userId: string, q: { page: number; page_size: number; folder_id?: string }) {
  const folder = q.folder_id === undefined || q.folder_id === "" ? undefined : q.folder_id === "uncategorized" ? null : q.folder_id;
  const { rows, total } = await taskPage(userId, folder, q.page, q.page_size);
  const progress = await getProgressMany(rows.filter((r) => showsProgress(r.status)).map((r) => r.id));
  return { items: rows.map((r) => toTaskSummary(r, progress.get(r.id))), total, page: q.page, page_size: q.page_size };
}

/**
 * The owner's or a collaborator's view of one task (findReadableTask). A
 * collaborator sees the owner's name and not the owner's folder.
 */
export async function getTask(userId: string, taskId: string) {
  const { task, role, ownerName } = await findReadableTask(userId, taskId, taskDetailSelect);
  const detail = toTaskDetail(task, await getProgress(taskId));
  // Voice profiles are the owner's alone: a collaborator sees names, never which voice matched.
  const speakers = role === "owner" ? detail.speakers : detail.speakers.map((s) => ({ ...s, voiceMatch: null }));
  return { ...detail, speakers, folder: role === "owner" ? detail.folder : null, access: { role, ownerName } };
}

/** The owner's task without its transcript: status, progress and error (the public API's status call). */
export async function getTaskSummary(userId: string, taskId: string) {
  return toTaskSummary(await findOwnedTask(userId, taskId, taskSummarySelect), await getProgress(taskId));
}

const assertOwned = (userId: string, taskId: string) => findOwnedTask(userId, taskId, { id: true });

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
      // A name typed over a voice profile's suggestion undoes the suggestion (it is not offered again).
      await db.speaker.updateMany({ where: { id: s.id, taskId, profileState: "suggested" }, data: { profileState: "undone" } });
    }
  });
  return getTask(userId, taskId);
}

/**
 * Queues transcription; starting twice, or starting a finished task, is harmless.
 * The move to "queued" is a conditional update, and a retry's charge is made in
 * the same transaction: of concurrent starts (double click, two web processes)
 * one moves the task and charges, the others find it moved and do nothing.
 */
export async function startTranscription(userId: string, taskId: string, locale: string) {
  const task = await findOwnedTask(userId, taskId, { status: true, duration: true, spokenLanguage: true, charge: { select: { seconds: true } }, _count: { select: { mediaParts: true } } });
  if (task.status !== "not_started" && task.status !== "failed") return getTaskSummary(userId, taskId);
  // The engine may have changed since the upload: a language it cannot hear is refused before the retry's charge.
  assertEngineHears(task.spokenLanguage);
  const retry = task.status === "failed";
  const moved = await prisma.$transaction(async (db) => {
    const moved = await moveTaskStatus(taskId, "queued", {
      from: [task.status],
      where: { userId, deletedAt: null },
      data: retry ? { errorCode: null, errorMessage: null, errorDescription: null, errorSuggestions: [], requestId: null } : {},
      db,
    });
    if (moved === 0) return false;
    // A failed task gave its charge back; the retry charges it again (what was billed before, else the media's length).
    // A link whose media never arrived is charged when it does.
    const seconds = task.charge?.seconds ?? (task._count.mediaParts > 0 ? billableSeconds(task.duration ?? 0) : null);
    if (retry && seconds !== null) await chargeTask(db, { taskId, userId, seconds });
    return true;
  });
  if (moved) await queueTranscription(taskId, locale);
  return getTaskSummary(userId, taskId);
}

/** Deleting moves tasks to Recently deleted (lib/tasks/recently-deleted.ts). */
export { deleteTasks } from "./recently-deleted";

export function joinFullText(texts: string[]): string {
  return texts.filter(Boolean).join("\n");
}
