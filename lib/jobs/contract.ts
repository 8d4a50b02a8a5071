import "server-only";
import { Queue, type JobsOptions } from "bullmq";
import { z } from "zod";
import { newRedisConnection, redisKey } from "@/lib/server/redis";
import { env } from "@/lib/server/env";

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
  /** Every task in progress has a live job, or is finalised or queued again (workers/recovery.ts sweepTasks). */
  "tasks.sweep": { queue: queues.maintenance, payload: z.object({}) },
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

const g = globalThis as unknown as { queues?: Map<string, { queue: Queue; connection: ReturnType<typeof newRedisConnection> }> };

export function queue(name: string): Queue {
  g.queues ??= new Map();
  let entry = g.queues.get(name);
  if (!entry) {
    const connection = newRedisConnection();
    entry = { queue: new Queue(name, { connection, prefix: bullPrefix(), defaultJobOptions }), connection };
    g.queues.set(name, entry);
  }
  return entry.queue;
}

/** Closes the producer queues and their connections (BullMQ leaves a passed-in connection open). */
export async function closeQueues(): Promise<void> {
  for (const { queue: q, connection } of g.queues?.values() ?? []) {
    await q.close().catch(() => undefined);
    await connection.quit().catch(() => undefined);
  }
  g.queues?.clear();
}

export function bullPrefix(): string {
  return `${env().REDIS_PREFIX}:bull`;
}

/**
 * Enqueues with a fixed jobId per task and step, so the same work is never
 * queued twice while a job for it is waiting or running.
 */
export async function enqueue<N extends JobName>(name: N, payload: JobPayload<N>, opts: { jobKey: string; priority?: number }): Promise<void> {
  const def = jobs[name];
  const data = def.payload.parse(payload);
  const q = queue(def.queue);
  const jobId = jobIdFor(name, opts.jobKey);
  const existing = await q.getJob(jobId);
  if (existing) {
    const state = await existing.getState();
    // A waiting or running job already covers this work; a finished one is cleared so the work can run again.
    if (state !== "completed" && state !== "failed") return;
    await existing.remove();
  }
  await q.add(name, data, { ...("options" in def ? def.options : {}), jobId, priority: opts.priority });
}

/** BullMQ ids may not contain ":"; one id per task and step. */
export function jobIdFor(name: JobName, jobKey: string): string {
  return `${name}__${jobKey}`;
}

export const heartbeatKey = () => redisKey("worker", "heartbeat");
/** The worker supervisor's record of restarts (scripts/supervise.ts writes it, /api/health reads it). */
export const supervisorKey = () => redisKey("worker", "supervisor");
