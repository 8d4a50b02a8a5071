import "server-only";
import { AppError } from "@/lib/server/errors";
import { DEFAULT_SPEAKER_NAMES, displaySpeakerName } from "@/lib/tasks/speaker-names";
import { collabPermission } from "@/lib/tasks/permission";
import type { Locale } from "@/lib/i18n/locales";
import type { Translate } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import type { ExportEntry, TranscriptShape } from "./lines";

// What exports read: the task's header (who may read it), its speakers, and its timeline
// in pages, so that no export holds a 3-hour transcript's rows all at once.

/** Rows per timeline read: about 0.5 MB of text at most. */
export const TIMELINE_PAGE = 2000;

const headSelect = { id: true, title: true, summary: true, mindMap: true, outline: true, language: true, summaryLanguage: true } as const;

/** The task, for its owner or a collaborator; anyone else is told it does not exist. */
export async function readableTask(userId: string, taskId: string) {
  const role = await collabPermission(taskId, userId);
  if (!role) throw new AppError("tasks.notFound");
  const task = await prisma.task.findFirst({ where: { id: taskId, deletedAt: null }, select: headSelect });
  if (!task) throw new AppError("tasks.notFound");
  return task;
}
export type ExportTask = Awaited<ReturnType<typeof readableTask>>;

/** The timeline in position order, one page at a time. */
export async function* timelinePages(taskId: string, pageSize = TIMELINE_PAGE): AsyncGenerator<ExportEntry[]> {
  let after = -1;
  for (;;) {
    const rows = await prisma.timelineEntry.findMany({
      where: { taskId, position: { gt: after } },
      orderBy: { position: "asc" },
      take: pageSize,
      select: { position: true, begin: true, end: true, text: true, speakerId: true },
    });
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!.position;
  }
}

/** Speaker names as the reader sees them, and whether the transcript has speakers and times. Throws when it is empty. */
export async function transcriptShape(taskId: string, locale: Locale, t: Translate): Promise<TranscriptShape> {
  const [first, speaker, timed, speakers] = await Promise.all([
    prisma.timelineEntry.findFirst({ where: { taskId }, select: { id: true } }),
    prisma.timelineEntry.findFirst({ where: { taskId, speakerId: { not: null } }, select: { id: true } }),
    prisma.timelineEntry.findFirst({ where: { taskId, OR: [{ begin: { gt: 0 } }, { end: { gt: 0 } }] }, select: { id: true } }),
    prisma.speaker.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { id: true, name: true } }),
  ]);
  if (!first) throw new AppError("exports.noTranscript");
  const pattern = DEFAULT_SPEAKER_NAMES[locale];
  const names = new Map(speakers.map((s, i) => [s.id, displaySpeakerName(s.name, i + 1, (n) => pattern.replace("{n}", String(n)))]));
  const unknown = t("app.transcript.unknownSpeaker");
  return { withSpeakers: Boolean(speaker), timed: Boolean(timed), nameOf: (id) => (id ? (names.get(id) ?? unknown) : unknown) };
}
