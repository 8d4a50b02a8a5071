import "server-only";
import { AppError } from "@/lib/server/errors";
import { translatorFor } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "@/lib/tasks/owned";
import { isInTranscription } from "@/lib/tasks/task-status";
import type { Passage, Translate } from "./types";

/** The task's timeline as the analyzers read it, with speaker names. */
export async function loadPassages(taskId: string): Promise<Passage[]> {
  const rows = await prisma.timelineEntry.findMany({
    where: { taskId },
    select: { position: true, begin: true, end: true, text: true, speaker: { select: { name: true } } },
    orderBy: { position: "asc" },
  });
  return rows
    .map((r) => ({ index: r.position, begin: r.begin, end: r.end, speaker: r.speaker?.name ?? null, text: r.text.replace(/\s+/g, " ").trim() }))
    .filter((p) => p.text.length > 0);
}

/**
 * The owner's task, checked to have a transcript to work on: still
 * transcribing and never transcribed get the spec's two messages.
 */
export async function ownedTaskWithTranscript(userId: string, taskId: string) {
  const task = await findOwnedTask(userId, taskId, { id: true, title: true, status: true, source: true, summary: true, language: true, _count: { select: { timeline: true } } });
  if (isInTranscription(task.status)) throw new AppError("tasks.transcriptionRunning");
  if (task._count.timeline === 0) throw new AppError("tasks.noTranscription");
  return task;
}

/** A translator for the local analyzer's texts ("analyzer" namespace) in one language. */
export async function analyzerTranslator(locale: string): Promise<Translate> {
  const { t } = await translatorFor(locale);
  return (key, values) => t(`analyzer.${key}`, values);
}
