import "server-only";
import type { Job } from "bullmq";
import { markAnalysisFailed } from "@/lib/analysis/analysis.service";
import { markTranslationFailed } from "@/lib/analysis/translation.service";
import { enqueue, jobIdFor, jobs, queue, type JobName } from "@/lib/jobs/contract";
import { finalTaskError } from "@/lib/jobs/failures";
import { isLocale } from "@/lib/i18n/locales";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { redis, redisKey } from "@/lib/server/redis";
import { markTranscriptionFailed } from "@/lib/tasks/pipeline";
import { queueTranscription } from "@/lib/tasks/queueing";
import { IN_ANALYSIS, IN_TRANSCRIPTION, isInTranscription } from "@/lib/tasks/task-status";

/** A task touched this recently may be between its status change and its enqueue: leave it to that request. */
const GRACE_MS = 30_000;
/** How long one finaliser holds a failed job before another (the sweep) may record it instead. */
const FINALISE_CLAIM_MS = 60_000;

type FailedJob = Pick<Job, "id" | "name" | "data" | "attemptsMade" | "failedReason" | "finishedOn">;

/**
 * Records the final failure of a job that BullMQ gave up on: out of attempts,
 * or stalled more than maxStalledCount. The task (or its analysis or
 * translation) ends failed with error details in the owner's language and its
 * minutes given back, through the same functions the runners use. Safe to
 * call twice: each failure function only touches work still in progress.
 */
export async function finalizeFailedJob(job: FailedJob, error: unknown = new Error(job.failedReason || "job failed"), opts: { overClaim?: boolean } = {}): Promise<void> {
  const def = jobs[job.name as JobName];
  const raw = (job.data ?? {}) as { taskId?: unknown; targetLanguage?: unknown };
  if (!def || typeof raw.taskId !== "string") return;
  const taskId = raw.taskId;
  // Every worker's 'failed' listener and the sweep may see the same failure: one of them records it.
  // The claim is short-lived until the failure is recorded: a claimer killed midway must not leave
  // the task unfinalised for good. The sweep (overClaim) only respects a claim whose work is done:
  // it comes back to a task still in progress, and recording twice is harmless (see above).
  const claimKey = redisKey("jobs", "finalised", `${job.id}@${job.finishedOn ?? 0}`);
  const claimed = await redis().set(claimKey, "claimed", "PX", FINALISE_CLAIM_MS, "NX");
  if (!claimed && !(opts.overClaim && (await redis().get(claimKey)) !== "done")) return;
  try {
    await finalizeClaimed(job, taskId, raw, error);
    await redis().set(claimKey, "done", "EX", 7 * 24 * 3600);
  } catch (e) {
    // Not recorded (the database away): give the claim back, so the next sweep records it.
    await redis().del(claimKey).catch(() => undefined);
    throw e;
  }
}

async function finalizeClaimed(job: FailedJob, taskId: string, raw: { targetLanguage?: unknown }, error: unknown): Promise<void> {
  const owner = await prisma.task.findUnique({ where: { id: taskId }, select: { status: true, deletedAt: true, user: { select: { uiLanguage: true } } } });
  // A deleted task is not written to (its jobs were cancelled by the delete).
  if (!owner || owner.deletedAt) return;
  const ctx = { locale: owner.user.uiLanguage, attempts: job.attemptsMade, requestId: String(job.id) };
  if (job.name === "analysis.run") return markAnalysisFailed(taskId, error, ctx);
  if (job.name === "translation.run") {
    if (typeof raw.targetLanguage === "string") await markTranslationFailed(taskId, raw.targetLanguage, error, ctx);
    return;
  }
  if (!isInTranscription(owner.status)) return;
  logger.warn("finalising a job BullMQ gave up on", { id: job.id, name: job.name, taskId, reason: job.failedReason });
  await markTranscriptionFailed(taskId, finalTaskError(error), ctx);
}

type JobLook = { state: "alive" } | { state: "gone" } | { state: "failed"; job: Job; finishedOn: number };

async function lookUp(name: JobName, jobKey: string): Promise<JobLook> {
  const job = await queue(jobs[name].queue).getJob(jobIdFor(name, jobKey));
  const state = job ? await job.getState() : "missing";
  if (state === "failed" && job) return { state: "failed", job, finishedOn: job.finishedOn ?? 0 };
  if (state === "missing" || state === "unknown" || state === "completed" || state === "failed") return { state: "gone" };
  return { state: "alive" };
}

/**
 * The periodic sweep (job scheduler "tasks.sweep", and once at worker start):
 * every task still in progress must have a live job. When its job failed after
 * the task's last change (a stall past maxStalledCount, a failure whose
 * finalisation was lost with its worker) the task is finalised; when its job
 * is gone (Redis flushed, an enqueue lost) it is queued again.
 */
export async function sweepTasks(opts: { graceMs?: number } = {}): Promise<{ requeued: number; finalised: number; errors: number }> {
  const before = new Date(Date.now() - (opts.graceMs ?? GRACE_MS));
  const counts = { requeued: 0, finalised: 0, errors: 0 };
  // Each task is settled on its own: one that throws (a row or job in a state nobody expected) is
  // logged and left to the next sweep, and every task after it is still settled.
  const settle = async (what: { taskId: string; job: JobName; jobKey: string }, changedAt: Date, requeue: () => Promise<unknown>) => {
    try {
      const look = await lookUp(what.job, what.jobKey);
      if (look.state === "alive") return;
      if (look.state === "failed" && look.finishedOn >= changedAt.getTime()) {
        await finalizeFailedJob(look.job, undefined, { overClaim: true });
        counts.finalised++;
        return;
      }
      await requeue();
      counts.requeued++;
    } catch (e) {
      counts.errors++;
      logger.error("sweep could not settle a task; the next sweep retries", { ...what, error: e instanceof Error ? e.message : String(e) });
    }
  };

  const transcribing = await prisma.task.findMany({
    where: { status: { in: [...IN_TRANSCRIPTION] }, updateTime: { lt: before }, deletedAt: null },
    select: { id: true, source: true, updateTime: true, _count: { select: { mediaParts: true } }, user: { select: { uiLanguage: true } } },
    take: 1000,
  });
  for (const t of transcribing) {
    const locale = t.user.uiLanguage;
    // Each task waits on the job for its stage: a document's import, a meeting's bot, else the transcription.
    const job: JobName =
      t.source === "document" || t.source === "text" ? "document.import" : t.source === "meeting" && t._count.mediaParts === 0 ? "meeting.watch" : "transcription.run";
    await settle({ taskId: t.id, job, jobKey: t.id }, t.updateTime, () =>
      // Only if nothing changed the task since it was read (a failure recorded meanwhile stays).
      job === "transcription.run" ? queueTranscription(t.id, locale, { unlessChangedSince: t.updateTime }) : enqueue(job, { taskId: t.id, locale }, { jobKey: t.id }),
    );
  }

  const analysing = await prisma.task.findMany({
    where: { status: { in: [...IN_ANALYSIS] }, updateTime: { lt: before }, deletedAt: null },
    select: { id: true, updateTime: true, user: { select: { uiLanguage: true, summaryLanguage: true } } },
    take: 1000,
  });
  for (const t of analysing) {
    const summaryLanguage = isLocale(t.user.summaryLanguage) ? t.user.summaryLanguage : t.user.uiLanguage;
    await settle({ taskId: t.id, job: "analysis.run", jobKey: t.id }, t.updateTime, () => enqueue("analysis.run", { taskId: t.id, locale: t.user.uiLanguage, summaryLanguage }, { jobKey: t.id }));
  }

  const translating = await prisma.translation.findMany({
    where: { status: "translating", updatedAt: { lt: before }, task: { deletedAt: null } },
    select: { taskId: true, targetLanguage: true, updatedAt: true, task: { select: { user: { select: { uiLanguage: true } } } } },
    take: 1000,
  });
  for (const t of translating) {
    const jobKey = `${t.taskId}-${t.targetLanguage}`;
    await settle({ taskId: t.taskId, job: "translation.run", jobKey }, t.updatedAt, () =>
      enqueue("translation.run", { taskId: t.taskId, locale: t.task.user.uiLanguage, targetLanguage: t.targetLanguage }, { jobKey }),
    );
  }
  if (counts.requeued || counts.finalised || counts.errors) logger.info("swept tasks", counts);
  return counts;
}

/** At worker start: the same sweep with no grace period (nothing else is running yet). */
export function requeueStrandedTasks() {
  return sweepTasks({ graceMs: 0 });
}
