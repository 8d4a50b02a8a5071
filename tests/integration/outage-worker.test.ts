import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { PrismaPg } from "@prisma/adapter-pg";
import { bullPrefix, closeQueues, enqueue, heartbeatKey, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { PrismaClient } from "@/lib/server/generated/prisma/client";
import { newRedisConnection, redis } from "@/lib/server/redis";
import { jobRunner } from "@/workers/run-job";
import { setupTestDatabase } from "@/tests/helpers/db";
import { sleep, waitFor } from "@/tests/helpers/wait";
import { killHard, startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// PostgreSQL away for a few seconds is an outage, not the job's fault and not
// the worker's end: the worker stays up (start-up sweep failing is logged and
// retried later) and a job hitting the outage is put back, delayed, without
// using up an attempt or recording a failure, and then finishes.
jest.setTimeout(90_000);

const NOWHERE = "postgresql://postgres@127.0.0.1:1/none";
const connections: ReturnType<typeof newRedisConnection>[] = [];

beforeAll(async () => {
  await setupTestDatabase();
});

afterAll(async () => {
  await stopWorkers();
  await closeQueues();
  for (const c of connections) c.disconnect();
  redis().disconnect();
});


test("the worker started while PostgreSQL is down stays up, beats, and stops cleanly on SIGTERM", async () => {
  const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tingji-outage-")), "worker.log");
  const child = startWorkerProcess({ env: { DATABASE_URL: NOWHERE }, stderr: { file: log } });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    // Until the worker logs the failed sweep, or dies.
    await waitFor("the worker's log", async () => child.exitCode !== null || fs.readFileSync(log, "utf8").includes("start-up sweep failed"), { timeoutMs: 45_000, everyMs: 300 });
    expect(fs.readFileSync(log, "utf8")).toContain("start-up sweep failed");
    await sleep(2_000);
    expect(child.exitCode).toBeNull();
    expect(await redis().get(heartbeatKey())).toContain(`"pid"`);
    process.kill(child.pid!, "SIGTERM");
    const code = await Promise.race([exited, sleep(20_000).then(() => "still running")]);
    expect(code).toBe(0);
  } finally {
    await killHard(child);
  }
});

test("a job hitting a database outage is put back without using an attempt, records no failure, and then finishes", async () => {
  const down = new PrismaClient({ adapter: new PrismaPg({ connectionString: NOWHERE }) });
  let runs = 0;
  const failuresRecorded: unknown[] = [];
  // analysis.run has 2 attempts: three outages in a row would have used them up and failed the analysis.
  const processor = jobRunner(
    "analysis.run",
    async () => {
      runs++;
      if (runs <= 3) await down.task.findFirst();
      return { analysed: true };
    },
    async (_payload, error) => {
      failuresRecorded.push(error);
    },
  );
  const connection = newRedisConnection();
  connections.push(connection);
  const worker = new Worker(queues.ai, processor, { connection, prefix: bullPrefix() });
  try {
    await enqueue("analysis.run", { taskId: "t-outage", locale: "en", summaryLanguage: "en" }, { jobKey: "t-outage" });
    const jobId = jobIdFor("analysis.run", "t-outage");
    let state = "";
    for (const deadline = Date.now() + 40_000; Date.now() < deadline; await sleep(250)) {
      state = await queue(queues.ai).getJobState(jobId);
      if (state === "completed" || state === "failed") break;
    }
    const job = await queue(queues.ai).getJob(jobId);
    // attemptsMade counts the finishing run only: the three outage runs used none.
    expect([state, runs, failuresRecorded.length, job?.attemptsMade]).toEqual(["completed", 4, 0, 1]);
  } finally {
    await worker.close();
    await down.$disconnect();
  }
});
