import { SPEECH_PORT } from "./reliability-cancel.env";
import http from "node:http";
import { requestCancel } from "@/lib/jobs/cancel";
import { bullPrefix, closeQueues, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { redis } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { uploadClip } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { waitFor, type WaitOptions } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";
import { listenOn } from "@/tests/helpers/ports";

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
  await listenOn(server, SPEECH_PORT);
  user = await signIn("cancel");
});

afterAll(async () => {
  await stopWorkers();
  await closeQueues();
  await new Promise((r) => server.close(r));
});

const upload = () => uploadClip(user.token);
// Poll often: some of these waits are part of what is timed.
const often = (timeoutMs = 60_000): WaitOptions => ({ timeoutMs, everyMs: 100 });

const jobOf = (taskId: string) => queue(queues.media).getJob(jobIdFor("transcription.run", taskId));

/** Uploads a clip and returns its task once the running worker's speech request hangs on the server. */
async function uploadAndHang(): Promise<string> {
  mode = "hang";
  requests = 0;
  abandoned = 0;
  const id = await upload();
  await waitFor("the speech request", async () => requests > 0, often());
  return id;
}

it("SIGTERM hands a running job back within WORKER_SHUTDOWN_MS, and the next worker finishes it", async () => {
  mode = "hang";
  const id = await upload();
  const first = startWorkerProcess();
  await waitFor("the speech request", async () => requests > 0, often());
  const exited = new Promise<number | null>((r) => first.once("exit", (code) => r(code)));
  const t0 = Date.now();
  first.kill("SIGTERM");
  expect(await exited).toBe(0);
  expect(Date.now() - t0).toBeLessThan(3_000 + 2_000);
  // The request in flight was abandoned, and the job waits again with no attempt used up.
  await waitFor("the request to be dropped", async () => abandoned > 0, often(5_000));
  const job = (await jobOf(id))!;
  expect(await job.getState()).toMatch(/delayed|waiting|prioritized/);
  expect(job.attemptsMade).toBe(0);
  expect(job.stalledCounter ?? 0).toBe(0);

  mode = "ok";
  startWorkerProcess();
  await waitFor("completion by the next worker", async () => (await prisma.task.findUniqueOrThrow({ where: { id } })).status === "completed", often());
});

it("a cancel request stops the task's running job at once, and the job is not retried", async () => {
  const id = await uploadAndHang();
  const t0 = Date.now();
  await requestCancel(id);
  await waitFor("the request to be dropped", async () => abandoned > 0, often(5_000));
  expect(Date.now() - t0).toBeLessThan(2_000);
  const job = await waitFor(
    "the job to fail",
    async () => {
      const j = await jobOf(id);
      return j && (await j.isFailed()) && j;
    },
    often(),
  );
  expect(job.failedReason).toBe("cancelled");
  expect(requests).toBe(1);
});

it("a worker that loses its job's lock stops working on it (another worker may own it now)", async () => {
  const id = await uploadAndHang();
  // As if the lock had lapsed and another worker had taken the job: the next renewal fails.
  await redis().del(`${bullPrefix()}:${queues.media}:${jobIdFor("transcription.run", id)}:lock`);
  await waitFor("the request to be dropped", async () => abandoned > 0, often(10_000));
  // The job is not lost: the stalled-job check hands it out again.
  await waitFor("the job to run again", async () => requests > 1, often(20_000));
});
