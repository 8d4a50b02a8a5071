import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import "server-only";
import os from "node:os";
import { DelayedError, QueueEvents, UnrecoverableError, Worker, type Job } from "bullmq";
import { abortReasons, cancelledAmong, isCancelRequested, JobCancelled, onCancelRequest, WorkerShutdown } from "@/lib/jobs/cancel";
import { bullPrefix, heartbeatKey, jobSubjectId, queue, queues, type JobName } from "@/lib/jobs/contract";
import { sendRenewalReminders } from "@/lib/billing/reminders";
import { finalizeFailedJob, requeueStrandedTasks, sweepTasks } from "./recovery";
import { keepSweepScheduled, scheduleSweep } from "./sweep-schedule";
import { drainRequested, forgetWorker, reportWorker, type WorkerState } from "@/lib/ops/drain";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { assertSecretsAtStart } from "@/lib/server/secrets";
import { sweepScratch } from "@/lib/storage/scratch";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection, redis } from "@/lib/server/redis";
import { runAnalysisJob, runTranslationJob } from "./analysis";
import { runDocumentImportJob, runMeetingWatchJob, runTranscriptionJob } from "./transcription";
import { keepMediaToolsSweepScheduled, runMediaToolJob, runMediaToolsSweep } from "./media-tools";
import { runToolTranscriptJob } from "./tools";
import { runLiveDecodeJob } from "./live";
import { runWebhookDeliveryJob } from "./webhooks";
import { purgeIdempotencyRecords } from "@/lib/api-keys/idempotency";
import { purgeDeliveryLog } from "@/lib/webhooks/deliver";
import { purgeExpiredTasks } from "@/lib/tasks/recently-deleted";

// The worker process: one BullMQ worker per queue, a heartbeat for /api/health,
// the failure finalisers (a 'failed' listener and the "tasks.sweep" scheduler),
// cancellation by task, and a bounded shutdown on SIGTERM/SIGINT.
const HEARTBEAT_MS = 5_000;
// AI calls mostly wait on the provider (or take milliseconds locally), so several run at once.
const AI_CONCURRENCY = 4;
// A meeting watch sleeps between polls for the meeting's whole length.
const MEETING_CONCURRENCY = 50;
const WEBHOOK_CONCURRENCY = 8;
// Closing connections after the jobs stopped gets this long.
const STOP_CLEANUP_MS = 5_000;
// Shown as a job's processedBy (BullMQ): which machine and process ran it.
const WORKER_NAME = `${os.hostname()}:${process.pid}`;
// Scratch folders nothing wrote to for this long were left by a killed process on this machine.
const STALE_SCRATCH_MS = 24 * 3600 * 1000;

const runners: Record<JobName, (job: Job, token?: string, signal?: AbortSignal) => Promise<unknown>> = {
  "transcription.run": runTranscriptionJob,
  "analysis.run": runAnalysisJob,
  "translation.run": runTranslationJob,
  "document.import": runDocumentImportJob,
  "meeting.watch": runMeetingWatchJob,
  "tools.transcript": runToolTranscriptJob,
  "mediatools.process": runMediaToolJob,
  "mediatools.sweep": runMediaToolsSweep,
  "live.decode": runLiveDecodeJob,
  "webhook.deliver": runWebhookDeliveryJob,
  // The sweep also mails renewal reminders (lib/billing/reminders.ts: once per period).
  "tasks.sweep": async () => {
    await sendRenewalReminders().catch((e) => logger.warn("renewal reminders failed; the next sweep retries", { error: String(e) }));
    // Tasks in Recently deleted for over 30 days go for good, with their files (lib/tasks/recently-deleted.ts).
    await purgeExpiredTasks().catch((e) => logger.warn("purging recently deleted tasks failed; the next sweep retries", { error: String(e) }));
    // Idempotency records live a day, webhook delivery logs a month (docs/api.md).
    await purgeIdempotencyRecords().catch((e) => logger.warn("purging idempotency records failed; the next sweep retries", { error: String(e) }));
    await purgeDeliveryLog().catch((e) => logger.warn("purging the webhook delivery log failed; the next sweep retries", { error: String(e) }));
    return sweepTasks();
  },
};

/** Set by SIGTERM/SIGINT: start-up steps still in flight may fail as connections close, which is not a crash. */
let stopping = false;

/** The jobs this process runs now, for cancellation by task and for shutdown. */
const active = new Map<string, { worker: Worker; job: Job; token?: string; taskId?: string }>();

function startWorker(name: string, concurrency: number, connection: ReturnType<typeof newRedisConnection>): Worker {
  const worker: Worker = new Worker(
    name,
    async (job: Job, token?: string, signal?: AbortSignal) => {
      const run = runners[job.name as JobName];
      if (!run) throw new UnrecoverableError(`unknown job ${job.name}`);
      const taskId = jobSubjectId(job.data);
      if (taskId && (await isCancelRequested(taskId))) throw new UnrecoverableError("cancelled");
      active.set(job.id!, { worker, job, token, taskId });
      try {
        return await run(job, token, signal);
      } catch (error) {
        // Stopping: hand the job back without using up an attempt; the next worker resumes it.
        if (error instanceof WorkerShutdown && token) {
          await job.moveToDelayed(Date.now() + 1_000, token);
          throw new DelayedError();
        }
        if (error instanceof JobCancelled) throw new UnrecoverableError("cancelled");
        throw error;
      } finally {
        active.delete(job.id!);
      }
    },
    {
      connection,
      prefix: bullPrefix(),
      name: WORKER_NAME,
      concurrency,
      // A job whose worker died is picked up again once its lock lapses; past
      // maxStalledCount it fails and the 'failed' listener or the sweep finalises its task.
      lockDuration: env().WORKER_LOCK_MS,
      stalledInterval: Math.round(env().WORKER_LOCK_MS / 2),
      maxStalledCount: env().WORKER_MAX_STALLED_COUNT,
    },
  );
  worker.on("failed", (job, err) => logger.warn("job failed", { id: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, error: err.message }));
  worker.on("error", (err) => logger.error("worker error", { queue: name, error: err.message }));
  // Another worker may own the job now: stop this copy before it writes anything.
  worker.on("lockRenewalFailed", (jobIds: string[]) => {
    for (const id of jobIds) worker.cancelJob(id, abortReasons.lockLost);
  });
  return worker;
}

/** Finalises jobs that failed anywhere, including stalls past maxStalledCount (which no processor sees). */
function listenForFailures(name: string): QueueEvents {
  const events = new QueueEvents(name, { connection: newRedisConnection(), prefix: bullPrefix() });
  events.on("failed", ({ jobId }) => {
    void (async () => {
      const job = await queue(name).getJob(jobId);
      if (job && (await job.isFailed())) await finalizeFailedJob(job);
    })().catch((e: unknown) => logger.error("finalising a failed job failed", { jobId, error: String(e) }));
  });
  events.on("error", (err) => logger.warn("queue events error", { queue: name, error: err.message }));
  return events;
}

function cancelTask(taskId: string) {
  for (const [id, a] of active) if (a.taskId === taskId) a.worker.cancelJob(id, abortReasons.cancelled);
}

async function main() {
  // Production refuses a missing, short or published AUTH_SECRET (lib/server/secrets.ts), before touching anything.
  assertSecretsAtStart("worker");
  const connection = newRedisConnection();
  const workers = [
    // Several media jobs at once (a long ffmpeg step never blocks a short task); their chunks share the decoder slots (lib/speech/decoder-slots.ts).
    startWorker(queues.media, env().WORKER_CONCURRENCY, connection),
    startWorker(queues.ai, AI_CONCURRENCY, connection),
    startWorker(queues.meetings, MEETING_CONCURRENCY, connection),
    startWorker(queues.maintenance, 1, connection),
    // Free media tools on their own queue: a conversion never waits behind a long transcription.
    startWorker(queues.tools, env().MEDIA_TOOLS_CONCURRENCY, connection),
    // Live recordings' text: one job per recording being made (each one pocketsphinx process).
    startWorker(queues.live, env().LIVE_DECODE_CONCURRENCY, connection),
    // Webhook deliveries mostly wait on receivers (10 s at most each).
    startWorker(queues.webhooks, WEBHOOK_CONCURRENCY, connection),
  ];
  const listeners = [queues.media, queues.ai, queues.meetings].map(listenForFailures);
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: () => Promise<void> = async () => undefined;

  // Installed as soon as jobs can run: a SIGTERM during start-up must hand them back too.
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("worker stopping", { signal, active: active.size });
    clearInterval(timer);
    // No new jobs; running ones are aborted (child processes killed) and handed back to the queue.
    const closed = Promise.all(workers.map((w) => w.close()));
    for (const w of workers) w.cancelAllJobs(abortReasons.shutdown);
    const inTime = await Promise.race([closed.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), env().WORKER_SHUTDOWN_MS).unref())]);
    if (!inTime) {
      logger.warn("jobs did not stop in time; handing them back", { jobs: [...active.keys()] });
      for (const a of active.values()) if (a.token) await a.job.moveToDelayed(Date.now() + 1_000, a.token).catch(() => undefined);
    }
    closeBatchDecoders();
    // With Redis or PostgreSQL away the goodbyes below could wait for ever: exit regardless.
    setTimeout(() => process.exit(0), STOP_CLEANUP_MS).unref();
    await unsubscribe().catch(() => undefined);
    await Promise.all(listeners.map((l) => l.close().catch(() => undefined)));
    await redis().del(heartbeatKey()).catch(() => undefined);
    await forgetWorker(WORKER_NAME).catch(() => undefined);
    await prisma.$disconnect().catch(() => undefined);
    redis().disconnect();
    connection.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));

  // Redis still coming up (or restarting) is waited for, not a crash.
  await untilDone("job scheduler", scheduleSweep);
  await untilDone("media tools sweeper", keepMediaToolsSweepScheduled);
  unsubscribe = await untilDone("cancel subscription", () => onCancelRequest(cancelTask));

  // Drain (npm run ops -- drain): stop taking jobs, let running ones finish, stay up idle until undrained or stopped.
  let drainState: WorkerState = "running";
  const followDrainFlag = async () => {
    const asked = await drainRequested(WORKER_NAME);
    if (asked && drainState === "running") {
      drainState = "draining";
      logger.info("worker draining", { worker: WORKER_NAME, active: active.size });
      void Promise.all(workers.map((w) => w.pause())).then(async () => {
        if (drainState !== "draining") return;
        drainState = "drained";
        logger.info("worker drained", { worker: WORKER_NAME });
        await reportWorker(WORKER_NAME, active.size, drainState).catch(() => undefined);
      });
    } else if (!asked && drainState !== "running") {
      drainState = "running";
      for (const w of workers) w.resume();
      logger.info("worker resumed", { worker: WORKER_NAME });
    }
    await reportWorker(WORKER_NAME, active.size, drainState);
  };

  const beat = async () => {
    await redis().set(heartbeatKey(), JSON.stringify({ at: Date.now(), pid: process.pid, host: os.hostname(), active: active.size }), "PX", HEARTBEAT_MS * 3);
    await followDrainFlag();
    // A cancel message missed while reconnecting is caught here.
    const taskIds = [...new Set([...active.values()].flatMap((a) => (a.taskId ? [a.taskId] : [])))];
    for (const taskId of await cancelledAmong(taskIds)) cancelTask(taskId);
    await keepSweepScheduled();
    await keepMediaToolsSweepScheduled();
  };
  await beat().catch((e) => logger.warn("heartbeat failed", { error: String(e) }));
  if (!stopping) timer = setInterval(() => void beat().catch((e) => logger.warn("heartbeat failed", { error: String(e) })), HEARTBEAT_MS);

  // PostgreSQL or Redis away at start: the scheduled sweep does the same a little later.
  await requeueStrandedTasks().catch((e) => logger.warn("start-up sweep failed; the scheduled sweep retries", { error: String(e) }));
  logger.info("worker started", { queues: Object.values(queues), concurrency: env().WORKER_CONCURRENCY, cpus: os.cpus().length });
  void sweepScratch(STALE_SCRATCH_MS).catch((e) => logger.warn("scratch sweep failed", { error: String(e) }));
}

/** Retries a start-up step that needs Redis until it succeeds (or the worker is stopping). */
async function untilDone<T>(what: string, step: () => Promise<T>): Promise<T> {
  for (let wait = 500; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      return await step();
    } catch (e) {
      if (stopping) throw e;
      logger.warn(`${what} failed; retrying`, { error: String(e), retryInMs: wait });
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

// A database or Redis blip surfacing in some callback is logged, never a crash: the sweep repairs what it missed.
process.on("unhandledRejection", (e) => logger.error("unhandled rejection", { error: e instanceof Error ? e.stack : String(e) }));

main().catch((e) => {
  if (stopping) return;
  logger.error("worker crashed", { error: e instanceof Error ? e.stack : String(e) });
  process.exit(1);
});
