import "server-only";
import os from "node:os";
import { Worker, type Job } from "bullmq";
import { bullPrefix, heartbeatKey, queues, type JobName } from "@/lib/jobs/contract";
import { requeueStrandedTasks } from "@/lib/tasks/recovery";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { assertSecretsAtStart } from "@/lib/server/secrets";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection, redis } from "@/lib/server/redis";
import { runAnalysisJob, runTranslationJob } from "./analysis";
import { runDocumentImportJob, runMeetingWatchJob, runTranscriptionJob } from "./transcription";

// The worker process: one BullMQ worker per queue, a heartbeat for /api/health,
// and an orderly shutdown on SIGTERM/SIGINT.
const HEARTBEAT_MS = 5_000;
// AI calls mostly wait on the provider (or take milliseconds locally), so several run at once.
const AI_CONCURRENCY = 4;
// A meeting watch sleeps between polls for the meeting's whole length.
const MEETING_CONCURRENCY = 50;

const runners: Record<JobName, (job: Job) => Promise<unknown>> = {
  "transcription.run": runTranscriptionJob,
  "analysis.run": runAnalysisJob,
  "translation.run": runTranslationJob,
  "document.import": runDocumentImportJob,
  "meeting.watch": runMeetingWatchJob,
};

function startWorker(queue: string, concurrency: number, connection: ReturnType<typeof newRedisConnection>): Worker {
  const worker = new Worker(
    queue,
    async (job) => {
      const run = runners[job.name as JobName];
      if (!run) throw new Error(`unknown job ${job.name}`);
      return run(job);
    },
    {
      connection,
      prefix: bullPrefix(),
      concurrency,
      // A job whose worker died is picked up again once its lock lapses.
      lockDuration: env().WORKER_LOCK_MS,
      stalledInterval: Math.round(env().WORKER_LOCK_MS / 2),
      maxStalledCount: 2,
    },
  );
  worker.on("failed", (job, err) => logger.warn("job failed", { id: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, error: err.message }));
  worker.on("error", (err) => logger.error("worker error", { queue, error: err.message }));
  return worker;
}

async function main() {
  assertSecretsAtStart("worker");
  const connection = newRedisConnection();
  const workers = [
    // Speech uses every core inside one job (chunks in parallel), so media jobs run one at a time by default.
    startWorker(queues.media, env().WORKER_CONCURRENCY, connection),
    startWorker(queues.ai, AI_CONCURRENCY, connection),
    startWorker(queues.meetings, MEETING_CONCURRENCY, connection),
  ];

  const beat = async () => {
    await redis().set(heartbeatKey(), JSON.stringify({ at: Date.now(), pid: process.pid, host: os.hostname() }), "PX", HEARTBEAT_MS * 3);
  };
  await beat();
  const timer = setInterval(() => void beat().catch((e) => logger.warn("heartbeat failed", { error: String(e) })), HEARTBEAT_MS);

  await requeueStrandedTasks();
  logger.info("worker started", { queues: Object.values(queues), concurrency: env().WORKER_CONCURRENCY, cpus: os.cpus().length });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("worker stopping", { signal });
    clearInterval(timer);
    await Promise.all(workers.map((w) => w.close()));
    await redis().del(heartbeatKey()).catch(() => undefined);
    await prisma.$disconnect();
    redis().disconnect();
    connection.disconnect();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e) => {
  logger.error("worker crashed", { error: e instanceof Error ? e.stack : String(e) });
  process.exit(1);
});
