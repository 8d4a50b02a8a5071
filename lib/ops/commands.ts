import "server-only";
import type { Job } from "bullmq";
import { requestAnalysis } from "@/lib/analysis/analysis.service";
import { requestTranslation } from "@/lib/analysis/translation.service";
import { isLocale } from "@/lib/i18n/locales";
import { jobs, queue, type JobName } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { startTranscription } from "@/lib/tasks/task.service";
import { sweepScratch } from "@/lib/storage/scratch";
import { sweepMediaTools } from "@/lib/tools/media/sweep";

/** Scratch folders untouched this long were left by a killed process (the worker sweeps them at start too). */
const STALE_SCRATCH_MS = 24 * 3600 * 1000;
const RETRY_PAGE = 500;

export function isJobKind(kind: string): kind is JobName {
  return Object.hasOwn(jobs, kind);
}

/**
 * Retries every failed job of one kind (e.g. "analysis.run"), or of every kind with "--all".
 * A job whose failure was recorded on its task is restarted the way the user's own retry does it,
 * since the runners write only while the task still waits on that job (lib/tasks/write-guard.ts):
 * transcriptions through startTranscription (queued, charged again: a failure was refunded),
 * analyses through requestAnalysis, translations through requestTranslation. A task that moved on
 * (retried, deleted) is skipped. Other kinds go back to waiting as they are (BullMQ's retry).
 */
export async function retryFailedJobs(kind: JobName | "--all"): Promise<{ retried: number; skipped: number }> {
  const queueNames = new Set(kind === "--all" ? Object.values(jobs).map((j) => j.queue) : [jobs[kind].queue]);
  const tally = { retried: 0, skipped: 0 };
  for (const name of queueNames) {
    const seen = new Set<string>();
    // Retried jobs leave the failed list; pages are read until one brings nothing new of this kind.
    for (let start = 0; ; start += RETRY_PAGE) {
      const page = await queue(name).getFailed(start, start + RETRY_PAGE - 1);
      const fresh = page.filter((job) => job.id && !seen.has(job.id) && (kind === "--all" || job.name === kind));
      for (const job of fresh) {
        seen.add(job.id!);
        // One job that cannot be restarted (its feature refuses: e.g. no AI provider any more) does not stop the rest.
        if (await restartJob(job).catch(() => false)) tally.retried++;
        else tally.skipped++;
      }
      if (page.length < RETRY_PAGE) break;
      if (fresh.length > 0) start -= RETRY_PAGE;
    }
  }
  return tally;
}

async function restartJob(job: Job): Promise<boolean> {
  const data = job.data as { taskId?: string; locale?: string; targetLanguage?: string };
  const locale = data.locale ?? "en";
  const owner = data.taskId && TASK_KINDS.has(job.name) ? await prisma.task.findFirst({ where: { id: data.taskId, deletedAt: null }, select: { userId: true, status: true, user: { select: { planCode: true } } } }) : null;
  // A restart is the owner's request again: it takes a point of the owner's AI limits like any other (lib/rate-limit/rate-limit.ts).
  const asker = owner ? { id: owner.userId, planCode: owner.user.planCode } : null;
  switch (job.name) {
    case "transcription.run": {
      if (owner?.status !== "failed") return false;
      await startTranscription(owner.userId, data.taskId!, locale);
      return true;
    }
    case "analysis.run": {
      if (owner?.status !== "analysis_failed") return false;
      await requestAnalysis(asker!, data.taskId!, { regenerate: true, locale });
      return true;
    }
    case "translation.run": {
      if (!owner || !isLocale(data.targetLanguage)) return false;
      const row = await prisma.translation.findUnique({ where: { taskId_targetLanguage: { taskId: data.taskId!, targetLanguage: data.targetLanguage } }, select: { status: true } });
      if (row?.status !== "translation_failed") return false;
      await requestTranslation(asker!, { taskId: data.taskId!, target: data.targetLanguage, locale: isLocale(locale) ? locale : "en" });
      return true;
    }
    default:
      await job.retry("failed");
      return true;
  }
}

const TASK_KINDS = new Set(["transcription.run", "analysis.run", "translation.run"]);

/**
 * Purges what has expired now, without waiting for the scheduled sweeps: the media tools' files past
 * their download expiry (storage objects removed, rows marked expired, old history forgotten, stranded
 * conversions failed) and this machine's stale scratch folders.
 */
export async function purgeExpiredMedia(): Promise<{ expired: number; forgotten: number; stranded: number; scratchFolders: number }> {
  const tools = await sweepMediaTools();
  const scratch = await sweepScratch(STALE_SCRATCH_MS);
  return { ...tools, scratchFolders: scratch.length };
}
