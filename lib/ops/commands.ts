import "server-only";
import { jobs, queue, type JobName } from "@/lib/jobs/contract";
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
 * Each goes back to waiting with its attempts reset (BullMQ's retry); returns how many.
 */
export async function retryFailedJobs(kind: JobName | "--all"): Promise<number> {
  const queueNames = new Set(kind === "--all" ? Object.values(jobs).map((j) => j.queue) : [jobs[kind].queue]);
  let retried = 0;
  for (const name of queueNames) {
    // Retried jobs leave the failed list, so the first page is read again until nothing of this kind is left in it.
    for (let start = 0; ; ) {
      const failed = await queue(name).getFailed(start, start + RETRY_PAGE - 1);
      if (failed.length === 0) break;
      let skipped = 0;
      for (const job of failed) {
        if (kind !== "--all" && job.name !== kind) {
          skipped++;
          continue;
        }
        await job.retry("failed");
        retried++;
      }
      start += skipped;
      if (failed.length < RETRY_PAGE) break;
    }
  }
  return retried;
}

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
