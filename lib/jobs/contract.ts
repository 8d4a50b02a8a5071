import "server-only";
import { Queue, type JobsOptions } from "bullmq";
import { z } from "zod";
import { logger } from "@/lib/server/logger";
import { currentRequestId } from "@/lib/server/request-context";
import { newProducerConnection, redisKey, whenRedisReady, withinRedisWait } from "@/lib/server/redis";
import { env } from "@/lib/server/env";
import { isRedisUnreachable } from "@/lib/server/outage";

/**
 * The one job contract shared by web (which enqueues) and worker (which runs).
 * Each job name has a zod payload schema; the worker parses payloads again
 * before running. Payloads carry the user's locale: the worker has no request.
 */
export const queues = {
  // ffmpeg and speech: heavy, low concurrency.
  media: "media",
  // Calls to the AI provider (or the local analyzer), and turning documents into tasks: mostly waiting, higher concurrency.
  ai: "ai",
  // Watching recording bots in meetings: one long, mostly idle job per meeting.
  meetings: "meetings",
  // Periodic upkeep (the "tasks.sweep" job scheduler): one small job at a time.
  maintenance: "maintenance",
  // The free media tools' conversions: their own queue, so a visitor's conversion never waits behind an hour of transcription.
  tools: "tools",
  // Live recording's text (lib/live/live-runner.ts): one long job per recording, mostly waiting for chunks.
  live: "live",
  // Webhook deliveries (lib/webhooks): short HTTP calls, many at once, retried for about a day.
  webhooks: "webhooks",
} as const;

/**
 * Retries of transient failures: exponential (delay, 2×, 4×, ...) with jitter
 * (each wait drawn between half and all of it), so the jobs one outage failed
 * do not all come back at the same instant. BullMQ's own strategy, so every
 * worker (and every test's in-process worker) computes it the same way.
 * Permanent failures never get here (lib/jobs/failures.ts): the runner throws UnrecoverableError.
 */
export function retryBackoff(delayMs: number) {
  return { type: "exponential" as const, delay: delayMs, jitter: 0.5 };
}

const taskJob = z.object({ taskId: z.string().min(1), locale: z.string().default("en") });

/**
 * A tools-site job names its own row, not a task. Jobs queued before the field had its own
 * name carried the id as `taskId`: they are still read.
 */
function toolJob<F extends "transcriptId" | "fileId">(field: F) {
  const shape = z.object({ [field]: z.string().min(1), locale: z.string().default("en") } as Record<F, z.ZodString> & { locale: z.ZodDefault<z.ZodString> });
  return z.preprocess((raw) => {
    if (raw && typeof raw === "object" && !(field in raw) && typeof (raw as { taskId?: unknown }).taskId === "string") {
      const { taskId, ...rest } = raw as { taskId: string };
      return { ...rest, [field]: taskId };
    }
    return raw;
  }, shape);
}

/** The id a job works on, which the cancel machinery keys on: a task's, a transcript tool row's or a media tools file's. */
export function jobSubjectId(data: unknown): string | undefined {
  const d = (data ?? {}) as { taskId?: unknown; transcriptId?: unknown; fileId?: unknown };
  const id = d.taskId ?? d.transcriptId ?? d.fileId;
  return typeof id === "string" ? id : undefined;
}

export const jobs = {
  "transcription.run": { queue: queues.media, payload: taskJob },
  /** Summary and mind map of a finished transcript, written in the owner's AI summary language. */
  "analysis.run": { queue: queues.ai, payload: taskJob.extend({ summaryLanguage: z.string().min(2).max(10) }), options: { attempts: 2, backoff: retryBackoff(3_000) } },
  /** Timeline and summary of a task into one language. */
  "translation.run": { queue: queues.ai, payload: taskJob.extend({ targetLanguage: z.string().min(2).max(10) }), options: { attempts: 2, backoff: retryBackoff(3_000) } },
  /** A document or pasted text, already read and stored, becomes the task's timeline. */
  "document.import": { queue: queues.ai, payload: taskJob },
  /** Follows a meeting's recording bot until the meeting ends, then queues the recording's transcription. */
  "meeting.watch": { queue: queues.meetings, payload: taskJob, options: { attempts: 2, backoff: retryBackoff(5_000) } },
  /** The tools site's video-platform transcript (a ToolTranscript): captions, else speech (lib/tools/transcript/run.ts). */
  "tools.transcript": { queue: queues.media, payload: toolJob("transcriptId"), options: { attempts: 2, backoff: retryBackoff(5_000) } },
  /** Every task in progress has a live job, or is finalised or queued again (workers/recovery.ts sweepTasks). */
  "tasks.sweep": { queue: queues.maintenance, payload: z.object({}) },
  /** A media tools file (the cancel machinery keys on its id) is converted (lib/tools/media/process.ts). */
  "mediatools.process": { queue: queues.tools, payload: toolJob("fileId"), options: { attempts: 2, backoff: retryBackoff(3_000) } },
  /** Expired media tools files lose their files; stranded conversions end failed (lib/tools/media/sweep.ts). */
  "mediatools.sweep": { queue: queues.maintenance, payload: z.object({}) },
  /** Hears a live recording's chunks (no task exists while recording: taskId stays empty) as they come and publishes its live text (docs/live.md "Live text"). */
  "live.decode": { queue: queues.live, payload: z.object({ sessionId: z.string().min(1), locale: z.string().default("en"), taskId: z.undefined().optional() }), options: { attempts: 5, backoff: retryBackoff(1_000) } },
  /** One webhook delivery (a WebhookDelivery row): signed, sent through the egress check, logged; its tries and backoff come from lib/webhooks/emit.ts. */
  "webhook.deliver": { queue: queues.webhooks, payload: z.object({ deliveryId: z.string().min(1) }) },
} satisfies Record<string, { queue: string; payload: z.ZodType; options?: JobsOptions }>;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]["payload"]>;

export const defaultJobOptions: JobsOptions = {
  attempts: 3,
  // Exponential with jitter; permanent failures (lib/jobs/failures.ts) are not retried at all.
  backoff: retryBackoff(5_000),
  removeOnComplete: { count: 1000, age: 24 * 3600 },
  removeOnFail: { count: 5000, age: 7 * 24 * 3600 },
};

type QueueEntry = { queue: Queue; connection: ReturnType<typeof newProducerConnection> };
const g = globalThis as unknown as { queues?: Map<string, QueueEntry>; queuesReplaced?: number };

function queueEntry(name: string): QueueEntry {
  g.queues ??= new Map();
  let entry = g.queues.get(name);
  if (!entry) {
    // A producer connection: with Redis away its commands fail at once instead of waiting for ever.
    const connection = newProducerConnection();
    const created: QueueEntry = { queue: new Queue(name, { connection, prefix: bullPrefix(), defaultJobOptions }), connection };
    // BullMQ keeps the promise of a Queue's first handshake (its INFO for the Redis version). If Redis
    // went away while that was in flight, every later call on this Queue fails with the same error for
    // ever, though the connection itself comes back: the drill saw tasks stuck. Such a Queue is dropped;
    // the next call makes a new one.
    created.queue.waitUntilReady().catch((e: unknown) => discardQueue(name, created, e));
    g.queues.set(name, created);
    entry = created;
  }
  return entry;
}

function discardQueue(name: string, entry: QueueEntry, error: unknown): void {
  if (g.queues?.get(name) !== entry) return;
  g.queues.delete(name);
  g.queuesReplaced = (g.queuesReplaced ?? 0) + 1;
  logger.warn("a queue's Redis handshake failed; the next call opens a new connection", { queue: name, error: error instanceof Error ? error.message : String(error) });
  void entry.queue.close().catch(() => undefined);
  entry.connection.disconnect();
}

/** How many Queues were dropped so far: a holder of Queue objects (the dashboard) rebuilds when it changes. */
export function queuesReplaced(): number {
  return g.queuesReplaced ?? 0;
}

export function queue(name: string): Queue {
  return queueEntry(name).queue;
}

/** Closes the producer queues and their connections (BullMQ leaves a passed-in connection open). */
export async function closeQueues(): Promise<void> {
  // Out of the map first: a handshake cut short by the close is not a failure to report (discardQueue).
  const entries = [...(g.queues?.values() ?? [])];
  g.queues?.clear();
  for (const { queue: q, connection } of entries) {
    await q.close().catch(() => undefined);
    // Redis away: quit cannot be sent, so drop the connection (it would keep reconnecting).
    await connection.quit().catch(() => connection.disconnect());
  }
}

export function bullPrefix(): string {
  return `${env().REDIS_PREFIX}:bull`;
}

/**
 * Enqueues with a fixed jobId per task and step, so the same work is never
 * queued twice while a job for it is waiting or running.
 *
 * With Redis unreachable (not connected within REDIS_WAIT_MS, or not answering)
 * the job is left to the sweep (workers/recovery.ts sweepTasks): every caller
 * has already put its task in the status that waits on this job, and the sweep
 * queues a job for such a task once Redis is back. Nothing is lost and the
 * request is not refused; nothing waits on Redis unbounded.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: { jobKey: string; priority?: number; options?: Pick<JobsOptions, "attempts" | "backoff"> }): Promise<void> {
  const def = jobs[name];
  const data = def.payload.parse(payload);
  const { queue: q, connection } = queueEntry(def.queue);
  const jobId = jobIdFor(name, opts.jobKey);
  try {
    await whenRedisReady(connection);
    await withinRedisWait(
      (async () => {
        const existing = await q.getJob(jobId);
        if (existing) {
          const state = await existing.getState();
          // A waiting or running job already covers this work; a finished one is cleared so the work can run again.
          if (state !== "completed" && state !== "failed") return;
          await existing.remove();
        }
        // The request id rides along in the job's data (not in its schema): the worker logs under it (workers/run-job.ts).
        const requestId = currentRequestId();
        await q.add(name, requestId ? { ...data, requestId } : data, { ...("options" in def ? def.options : {}), ...opts.options, jobId, priority: opts.priority });
      })(),
    );
  } catch (e) {
    if (!isRedisUnreachable(e)) throw e;
    logger.warn("Redis unreachable: job left to the sweep", { jobId, error: e instanceof Error ? e.message : String(e) });
  }
}


/** BullMQ ids may not contain ":"; one id per task and step. */
export function jobIdFor(name: JobName, jobKey: string): string {
  return `${name}__${jobKey}`;
}

export const heartbeatKey = () => redisKey("worker", "heartbeat");
/** The worker supervisor's record of restarts (scripts/supervise.ts writes it, /api/health reads it). */
export const supervisorKey = () => redisKey("worker", "supervisor");
