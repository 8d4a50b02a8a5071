import "server-only";
import type { Redis } from "ioredis";
import { locales } from "@/lib/i18n/locales";
import { jobIdFor, jobs, queue, type JobName } from "@/lib/jobs/contract";
import { logger } from "@/lib/server/logger";
import { newRedisConnection, redis, redisKey } from "@/lib/server/redis";

/**
 * Stopping a task's jobs, from the web side, and the reasons a running job's
 * abort signal carries in the worker.
 *
 * Web: `await requestCancel(taskId)` (before deleting the task's rows and files)
 *   - removes the task's waiting or delayed jobs from BullMQ;
 *   - flags the task cancelled in Redis for a day (a worker checks the flag
 *     when it picks a job up, and every few seconds for the jobs it runs);
 *   - publishes the id on the cancel channel: a worker running one of the
 *     task's jobs aborts its signal at once (ffmpeg, pocketsphinx and yt-dlp are
 *     killed), and the job ends without writing anything back.
 * Worker: workers/main.ts subscribes (onCancelRequest) and aborts with JobCancelled.
 */
export class JobCancelled extends Error {
  constructor(readonly taskId: string) {
    super(`task ${taskId} was cancelled`);
    this.name = "JobCancelled";
  }
}

/** The worker is stopping: the job is handed back to the queue to run again, without using up an attempt. */
export class WorkerShutdown extends Error {
  constructor() {
    super("worker is shutting down");
    this.name = "WorkerShutdown";
  }
}

/** Another worker owns the job now (this one's lock lapsed): stop without writing anything. */
export class JobLockLost extends Error {
  constructor(readonly jobId: string) {
    super(`lost the lock on job ${jobId}`);
    this.name = "JobLockLost";
  }
}

/** BullMQ's worker.cancelJob takes a string reason; these name ours, and abortError turns one back into its error. */
export const abortReasons = { cancelled: "tingji:cancelled", shutdown: "tingji:shutdown", lockLost: "tingji:lock-lost" } as const;

export function abortError(reason: unknown, ids: { taskId?: string; jobId?: string } = {}): Error {
  if (reason instanceof Error) return reason;
  if (reason === abortReasons.shutdown) return new WorkerShutdown();
  if (reason === abortReasons.lockLost) return new JobLockLost(ids.jobId ?? "?");
  if (reason === abortReasons.cancelled) return new JobCancelled(ids.taskId ?? "?");
  return new Error(`aborted: ${String(reason)}`);
}

const FLAG_TTL_SEC = 24 * 3600;
export const cancelChannel = () => redisKey("jobs", "cancel");
const flagKey = (taskId: string) => redisKey("jobs", "cancelled", taskId);

/** Every job a task may have; translations are keyed by their target language. */
function taskJobIds(taskId: string, targetLanguages: readonly string[]): { name: JobName; id: string }[] {
  const single: JobName[] = ["transcription.run", "document.import", "meeting.watch", "analysis.run"];
  return [
    ...single.map((name) => ({ name, id: jobIdFor(name, taskId) })),
    ...[...new Set([...locales, ...targetLanguages])].map((lang) => ({ name: "translation.run" as const, id: jobIdFor("translation.run", `${taskId}-${lang}`) })),
  ];
}

/** Web side: cancels a task's queued and running jobs (see above). Pass the task's translation languages if any are not UI locales. */
export async function requestCancel(taskId: string, opts: { targetLanguages?: string[] } = {}): Promise<void> {
  await redis().set(flagKey(taskId), "1", "EX", FLAG_TTL_SEC);
  for (const { name, id } of taskJobIds(taskId, opts.targetLanguages ?? [])) {
    const job = await queue(jobs[name].queue).getJob(id);
    // An active job is locked by its worker and cannot be removed; the worker aborts it below.
    if (job && !(await job.isActive())) await job.remove().catch(() => undefined);
  }
  await redis().publish(cancelChannel(), taskId);
}

/** Whether requestCancel was called for this task (in the last day). */
export async function isCancelRequested(taskId: string): Promise<boolean> {
  return (await redis().exists(flagKey(taskId))) === 1;
}

/** The subset of these tasks that were cancelled: the worker's periodic check, for a message it missed. */
export async function cancelledAmong(taskIds: string[]): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const flags = await redis().mget(...taskIds.map(flagKey));
  return taskIds.filter((_, i) => flags[i] !== null);
}

/** Worker side: calls onCancel(taskId) for each cancel request; returns a function that unsubscribes. */
export async function onCancelRequest(onCancel: (taskId: string) => void): Promise<() => Promise<void>> {
  const sub: Redis = newRedisConnection();
  const channel = cancelChannel();
  sub.on("message", (ch: string, taskId: string) => {
    if (ch === channel) onCancel(taskId);
  });
  sub.on("error", (e: Error) => logger.warn("cancel subscription error", { error: e.message }));
  await sub.subscribe(channel);
  return async () => {
    await sub.unsubscribe(channel).catch(() => undefined);
    sub.disconnect();
  };
}
