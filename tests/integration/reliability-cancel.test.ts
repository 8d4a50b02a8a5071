import { SPEECH_PORT } from "./reliability-cancel.env";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { requestCancel } from "@/lib/jobs/cancel";
import { bullPrefix, closeQueues, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { redis } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Abort signals reach the work in flight: a cancel request (what deleting a task
// sends) stops the worker's running job at once, and SIGTERM hands running jobs
// back to the queue within WORKER_SHUTDOWN_MS, without using up an attempt,
// for the next worker to finish.
jest.setTimeout(120_000);

type Mode = "ok" | "hang";
let mode: Mode = "hang";
let requests = 0;
let abandoned = 0;
let server: http.Server;
const workers: ChildProcess[] = [];
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      // The worker gave up on the request (its job was aborted).
      res.on("close", () => {
        if (!res.writableEnded) abandoned++;
      });
      if (mode === "hang") return;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ language: "english", duration: 11, text: "ask not", segments: [{ start: 0.3, end: 10.6, text: " And so my fellow Americans ask not" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(SPEECH_PORT, "127.0.0.1", resolve));
  user = await signIn("cancel");
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null) w.kill("SIGKILL");
  await closeQueues();
  await new Promise((r) => server.close(r));
});

function startWorker(): ChildProcess {
  // node itself (not npx) so that the signal goes to the worker and its exit is the worker's.
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "workers/main.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  workers.push(child);
  return child;
}

async function upload() {
  const form = await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav"), type: "audio/wav" }]);
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const jobOf = (taskId: string) => queue(queues.media).getJob(jobIdFor("transcription.run", taskId));

it("SIGTERM hands a running job back within WORKER_SHUTDOWN_MS, and the next worker finishes it", async () => {
  mode = "hang";
  const id = await upload();
  const first = startWorker();
  await waitFor("the speech request", async () => requests > 0);
  const exited = new Promise<number | null>((r) => first.once("exit", (code) => r(code)));
  const t0 = Date.now();
  first.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(Date.now() - t0).toBeLessThan(3_000 + 2_000);
  // The request in flight was abandoned, and the job waits again with no attempt used up.
  await waitFor("the request to be dropped", async () => abandoned > 0, 5_000);
  const job = (await jobOf(id))!;
  expect(await job.getState()).toMatch(/delayed|waiting|prioritized/);
  expect(job.attemptsMade).toBe(0);
  expect(job.stalledCounter ?? 0).toBe(0);

  mode = "ok";
  startWorker();
  await waitFor("completion by the next worker", async () => (await prisma.task.findUniqueOrThrow({ where: { id } })).status === "completed");
});

it("a cancel request stops the task's running job at once, and the job is not retried", async () => {
  mode = "hang";
  requests = 0;
  abandoned = 0;
  const id = await upload();
  await waitFor("the speech request", async () => requests > 0);
  const t0 = Date.now();
  await requestCancel(id);
  await waitFor("the request to be dropped", async () => abandoned > 0, 5_000);
  expect(Date.now() - t0).toBeLessThan(2_000);
  const job = await waitFor("the job to fail", async () => {
    const j = await jobOf(id);
    return j && (await j.isFailed()) && j;
  });
  expect(job.failedReason).toBe("cancelled");
  expect(requests).toBe(1);
});

it("a worker that loses its job's lock stops working on it (another worker may own it now)", async () => {
  mode = "hang";
  requests = 0;
  abandoned = 0;
  const id = await upload();
  await waitFor("the speech request", async () => requests > 0);
  // As if the lock had lapsed and another worker had taken the job: the next renewal fails.
  await redis().del(`${bullPrefix()}:${queues.media}:${jobIdFor("transcription.run", id)}:lock`);
  await waitFor("the request to be dropped", async () => abandoned > 0, 10_000);
  // The job is not lost: the stalled-job check hands it out again.
  await waitFor("the job to run again", async () => requests > 1, 20_000);
});
