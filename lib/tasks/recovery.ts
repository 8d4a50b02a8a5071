import "server-only";
import { enqueue, jobIdFor, jobs, queue, type JobName } from "@/lib/jobs/contract";
import { isLocale } from "@/lib/i18n/locales";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { queueTranscription } from "./queueing";

/** Whether a job for this work is still waiting or running in BullMQ. */
async function jobIsAlive(name: JobName, jobKey: string): Promise<boolean> {
  const job = await queue(jobs[name].queue).getJob(jobIdFor(name, jobKey));
  const state = job ? await job.getState() : "missing";
  return !(state === "missing" || state === "unknown" || state === "completed" || state === "failed");
}

/**
 * At worker start: work left queued or in progress whose job is gone (Redis
 * flushed, enqueue lost) is queued again, so nothing is lost. Jobs that still
 * exist are left to BullMQ's stalled-job recovery.
 */
export async function requeueStrandedTasks(): Promise<number> {
  let requeued = 0;
  const transcribing = await prisma.task.findMany({
    where: { status: { in: ["queued", "merging", "transcribing"] } },
    select: { id: true, source: true, meetingStatus: true, _count: { select: { mediaParts: true } }, user: { select: { uiLanguage: true } } },
    take: 1000,
  });
  for (const t of transcribing) {
    const locale = t.user.uiLanguage;
    // Each task waits on the job for its stage: a document's import, a meeting's bot, else the transcription.
    const job: JobName =
      t.source === "document" || t.source === "text" ? "document.import" : t.source === "meeting" && t._count.mediaParts === 0 ? "meeting.watch" : "transcription.run";
    if (await jobIsAlive(job, t.id)) continue;
    if (job === "transcription.run") await queueTranscription(t.id, locale);
    else await enqueue(job, { taskId: t.id, locale }, { jobKey: t.id });
    requeued++;
  }

  const analysing = await prisma.task.findMany({
    where: { status: { in: ["analyzing", "regenerating"] } },
    select: { id: true, user: { select: { uiLanguage: true, summaryLanguage: true } } },
    take: 1000,
  });
  for (const t of analysing) {
    if (await jobIsAlive("analysis.run", t.id)) continue;
    const summaryLanguage = isLocale(t.user.summaryLanguage) ? t.user.summaryLanguage : t.user.uiLanguage;
    await enqueue("analysis.run", { taskId: t.id, locale: t.user.uiLanguage, summaryLanguage }, { jobKey: t.id });
    requeued++;
  }

  const translating = await prisma.translation.findMany({
    where: { status: "translating" },
    select: { taskId: true, targetLanguage: true, task: { select: { user: { select: { uiLanguage: true } } } } },
    take: 1000,
  });
  for (const t of translating) {
    const jobKey = `${t.taskId}-${t.targetLanguage}`;
    if (await jobIsAlive("translation.run", jobKey)) continue;
    await enqueue("translation.run", { taskId: t.taskId, locale: t.task.user.uiLanguage, targetLanguage: t.targetLanguage }, { jobKey });
    requeued++;
  }
  if (requeued) logger.info("requeued stranded work", { requeued });
  return requeued;
}
