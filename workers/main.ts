import "server-only";
import os from "node:os";
import { Worker } from "bullmq";
import { bullPrefix, heartbeatKey, queues } from "@/lib/jobs/contract";
import { requeueStrandedTasks } from "@/lib/tasks/recovery";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection, redis } from "@/lib/server/redis";
import { runTranscriptionJob } from "./transcription";

// The worker process: one BullMQ worker per queue, a heartbeat for /api/health,
// and an orderly shutdown on SIGTERM/SIGINT.
const HEARTBEAT_MS = 5_000;

async function main() {
  const connection = newRedisConnection();
  const media = new Worker(
    queues.media,
    async (job) => {
      if (job.name === "transcription.run") return runTranscriptionJob(job);
      throw new Error(`unknown job ${job.name}`);
    },
    {
      connection,
      prefix: bullPrefix(),
      // Speech uses every core inside one job (chunks in parallel), so jobs run one at a time by default.
      concurrency: env().WORKER_CONCURRENCY,
      // A job whose worker died is picked up again once its lock lapses.
      lockDuration: env().WORKER_LOCK_MS,
      stalledInterval: Math.round(env().WORKER_LOCK_MS / 2),
      maxStalledCount: 2,
    },
  );
  media.on("failed", (job, err) => logger.warn("job failed", { id: job?.id, name: job?.name, attemptsMade: job?.attemptsMade, error: err.message }));
  media.on("error", (err) => logger.error("worker error", { error: err.message }));

  const beat = async () => {
    await redis().set(heartbeatKey(), JSON.stringify({ at: Date.now(), pid: process.pid, host: os.hostname() }), "PX", HEARTBEAT_MS * 3);
  };
  await beat();
  const timer = setInterval(() => void beat().catch((e) => logger.warn("heartbeat failed", { error: String(e) })), HEARTBEAT_MS);

  await requeueStrandedTasks();
  logger.info("worker started", { queues: [queues.media], concurrency: env().WORKER_CONCURRENCY, cpus: os.cpus().length });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("worker stopping", { signal });
    clearInterval(timer);
    await media.close();
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
