import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";
import { joinFullText } from "@/lib/tasks/task.service";
import { isInTranscription } from "@/lib/tasks/task-status";
import { updateTaskFields } from "@/lib/tasks/write-guard";
import type { EditCollaborativeBody } from "./coedit.schema";
import { markWrittenBack } from "./documents";
import { requireEditor } from "@/lib/tasks/permission";

const ANALYSIS_RUNNING = ["analyzing", "regenerating"];

/**
 * Writes a co-editing session's merged result back to the task (Exit): the transcript's
 * paragraphs replace the timeline, each with its speaker and times; the summary markdown
 * replaces the summary. Owner or collaborator. The task changing shape underneath (a
 * transcription or speaker re-detection running, or a paragraph naming a speaker the task
 * no longer has) is an edit conflict; nothing is written then, and the document keeps the edits.
 */
export async function saveCollaborativeEdit(userId: string, taskId: string, body: EditCollaborativeBody) {
  await requireEditor(taskId, userId);
  const task = await prisma.task.findFirst({
    where: { id: taskId, deletedAt: null },
    select: { status: true, summary: true, speakers: { select: { id: true } } },
  });
  if (!task) throw new AppError("collab.documentNotFound");
  if (body.entries) {
    if (isInTranscription(task.status)) throw new AppError("collab.editConflict");
    const speakers = new Set(task.speakers.map((s) => s.id));
    if (body.entries.some((e) => e.speakerId !== null && !speakers.has(e.speakerId))) throw new AppError("collab.editConflict");
  }
  const summary = body.summary?.trim();
  if (body.summary !== undefined) {
    if (ANALYSIS_RUNNING.includes(task.status)) throw new AppError("analysis.running");
    if (task.summary === null) throw new AppError("analysis.notAnalyzed");
    if (!summary) throw new AppError("analysis.summaryEmpty");
  }
  const entries = body.entries;
  await prisma.$transaction(async (db) => {
    if (entries) {
      await db.timelineEntry.deleteMany({ where: { taskId } });
      await db.timelineEntry.createMany({
        data: entries.map((e, position) => ({ taskId, position, begin: e.beginMs, end: e.endMs, text: e.text, speakerId: e.speakerId })),
      });
      await updateTaskFields({ id: taskId }, { fullText: joinFullText(entries.map((e) => e.text)) }, db);
    }
    if (summary) await updateTaskFields({ id: taskId }, { summary: `${summary}\n`, summaryEditedAt: new Date() }, db);
  });
  // The co-edited documents hold this result already: entering again must not re-seed them.
  await markWrittenBack(taskId, [...(entries ? (["transcript"] as const) : []), ...(summary ? (["summary"] as const) : [])]);
  return { taskId, entries: entries?.length ?? null, summarySaved: Boolean(summary) };
}
