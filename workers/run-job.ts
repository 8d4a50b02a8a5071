import "server-only";
import { DelayedError, UnrecoverableError, type Job } from "bullmq";
import { abortError } from "@/lib/jobs/cancel";
import { jobs, jobSubjectId, type JobName, type JobPayload } from "@/lib/jobs/contract";
import { classifyFailure } from "@/lib/jobs/failures";
import { finalizeFailedJob } from "./recovery";
import { logger } from "@/lib/server/logger";
import { redis, redisKey } from "@/lib/server/redis";
import { recordJobRun } from "@/lib/jobs/job-metrics";
import { withRequestId } from "@/lib/server/request-context";

export type FailureContext = { locale: string; attempts: number; requestId: string };

/** The jobs about one task, transcript or file (their payload names it and the owner's locale); webhook deliveries have a runner of their own. */
type TaskJobName = { [K in JobName]: JobPayload<K> extends { locale: string } ? K : never }[JobName];

/**
 * The one shape of every task runner: parse the payload (a malformed one fails
 * at once, finalised as "job_invalid"), run lib with the job's abort signal,
 * and on failure ask lib/jobs/failures.ts whether to retry. A permanent
 * failure, or the last attempt, records the task's failure through `fail`
 * before the job fails. An aborted job (cancelled, worker stopping, lock lost)
 * never records a failure: its signal's reason is thrown for workers/main.ts.
 */
export function jobRunner<N extends TaskJobName>(
  name: N,
  run: (payload: JobPayload<N>, signal: AbortSignal) => Promise<unknown>,
  fail: (payload: JobPayload<N>, error: unknown, ctx: FailureContext) => Promise<void>,
) {
  // BullMQ's processor shape (job, token, signal): usable as a Worker's processor directly, as the tests do.
  const runJob = async (job: Job, token?: string, jobSignal?: AbortSignal): Promise<unknown> => {
    const signal = jobSignal ?? new AbortController().signal;
    const parsed = jobs[name].payload.safeParse(job.data);
    if (!parsed.success) {
      await finalizeFailedJob(job, parsed.error);
      throw new UnrecoverableError("job_invalid");
    }
    const payload = parsed.data as JobPayload<N>;
    try {
      const result = await run(payload, signal);
      logger.info(`${name} done`, { id: job.id, ...(result && typeof result === "object" ? result : {}) });
      return result;
    } catch (error) {
      if (signal.aborted) throw abortError(signal.reason, { taskId: jobSubjectId(payload), jobId: job.id });
      const failure = classifyFailure(error);
      if (failure.kind === "transient" && failure.outage) {
        // PostgreSQL or Redis away: no failure is recorded now (it could not be written anyway).
        if (token && (await waitOutOutage(job, token).catch(() => false))) {
          logger.warn(`${name} waits out a database or Redis outage`, { id: job.id, error: error instanceof Error ? error.message.slice(-200) : String(error) });
          throw new DelayedError();
        }
        // Out of waits (or Redis away too): an ordinary retry; the last one is finalised by the 'failed' listener or the sweep.
        throw error;
      }
      const final = failure.kind === "permanent" || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (final) await fail(payload, error, { locale: payload.locale, attempts: job.attemptsMade + 1, requestId: String(job.id) });
      if (failure.kind === "permanent") throw new UnrecoverableError(failure.code);
      throw error;
    }
  };
  // The job runs under the request id its enqueuer passed in its data (or its job id), so its log lines join the
  // request's (docs/operations.md "Request ids"); its time and outcome go to /api/metrics (lib/jobs/job-metrics.ts).
  return (job: Job, token?: string, jobSignal?: AbortSignal): Promise<unknown> => {
    const sent = (job.data as { requestId?: unknown } | undefined)?.requestId;
    const requestId = typeof sent === "string" && sent ? sent : `job:${job.id}`;
    return withRequestId(requestId, async () => {
      const started = performance.now();
      logger.info(`${name} started`, { id: job.id, attempt: job.attemptsMade + 1 });
      let failed = false;
      try {
        return await runJob(job, token, jobSignal);
      } catch (error) {
        // A job handed back (outage wait, shutdown) is not a failure.
        failed = !(error instanceof DelayedError) && !(jobSignal?.aborted ?? false);
        throw error;
      } finally {
        await recordJobRun(name, (performance.now() - started) / 1000, failed);
      }
    });
  };
}

/** An outage is waited out this many times per job (about ten minutes in all) without using up an attempt. */
const OUTAGE_WAITS = 25;
const OUTAGE_WAIT_MAX_MS = 30_000;

/** Puts the job back, delayed (1 s, 2 s, 4 s ... 30 s), keeping its attempts; false once its waits are used up. */
async function waitOutOutage(job: Job, token: string): Promise<boolean> {
  const key = redisKey("jobs", "outage-waits", `${job.id}@${job.timestamp}`);
  const waits = await redis().incr(key);
  await redis().expire(key, 24 * 3600);
  if (waits > OUTAGE_WAITS) return false;
  await job.moveToDelayed(Date.now() + Math.min(1_000 * 2 ** (waits - 1), OUTAGE_WAIT_MAX_MS), token);
  return true;
}
