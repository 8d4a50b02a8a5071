import "server-only";
import { jobIdFor, jobs, queue } from "@/lib/jobs/contract";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { queueTranscription } from "./queueing";

/**
 * At worker start: a task left queued or in progress whose job is gone (Redis
 * flushed, enqueue lost) is queued again, so nothing is lost. Jobs that still
 * exist are left to BullMQ's stalled-job recovery.
 */
export async function requeueStrandedTasks(): Promise<number> {
  const stranded = await prisma.task.findMany({
    where: { status: { in: ["queued", "merging", "transcribing"] } },
    select: { id: true, user: { select: { uiLanguage: true } } },
    take: 1000,
  });
  let requeued = 0;
  const q = queue(jobs["transcription.run"].queue);
  for (const t of stranded) {
    const job = await q.getJob(jobIdFor("transcription.run", t.id));
    const state = job ? await job.getState() : "missing";
    if (state === "missing" || state === "unknown" || state === "completed" || state === "failed") {
      await queueTranscription(t.id, t.user.uiLanguage);
      requeued++;
    }
  }
  if (requeued) logger.info("requeued stranded tasks", { requeued });
  return requeued;
}
