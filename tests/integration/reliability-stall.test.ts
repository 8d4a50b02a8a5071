import "./reliability-stall.env";
import type { ChildProcess } from "node:child_process";
import { UnrecoverableError, Worker } from "bullmq";
import { GET as usage } from "@/app/api/usage/route";
import { bullPrefix, closeQueues, heartbeatKey, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection, redis } from "@/lib/server/redis";
import { sweepTasks } from "@/workers/recovery";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { taskOnceItIs, uploadClip } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { killHard, startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// A job BullMQ gives up on while workers keep running (its worker vanished and
// it stalled past maxStalledCount, or its failure was never recorded) must end
// its task: failed, with error details in the owner's language and the minutes
// back. Before, such a task stayed "transcribing" forever.
jest.setTimeout(120_000);

let user: Awaited<ReturnType<typeof signIn>>;
let worker: ChildProcess | undefined;
const connections: ReturnType<typeof newRedisConnection>[] = [];

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("stalls");
  // The worker has no request: the failure is written in the owner's language.
  await prisma.user.update({ where: { id: user.userId }, data: { uiLanguage: "de" } });
});

afterAll(async () => {
  await stopWorkers();
  await closeQueues();
  for (const c of connections) c.disconnect();
});

const upload = () => uploadClip(user.token);

const usedMinutes = async () => (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;

/** A worker that takes the job and then vanishes without a word (as if SIGKILLed): its lock is never renewed. */
async function takeAndVanish(jobId: string) {
  const connection = newRedisConnection();
  connections.push(connection);
  const rogue = new Worker(queues.media, null, { connection, prefix: bullPrefix(), autorun: false, lockDuration: 2000 });
  const job = await rogue.getNextJob("rogue-token");
  expect(job?.id).toBe(jobId);
  // Closing without waiting leaves the job active under a lock nobody renews.
  await rogue.close(true);
  return job!;
}

it("a job that stalls past maxStalledCount while the worker runs ends its task failed, with details and the minutes back", async () => {
  const before = await usedMinutes();
  const id = await upload();
  expect(await usedMinutes()).toBeGreaterThan(before);
  await takeAndVanish(jobIdFor("transcription.run", id));
  await prisma.task.update({ where: { id }, data: { status: "transcribing" } });

  worker = startWorkerProcess();
  const failed = await taskOnceItIs(user.token, id, "failed");
  expect(failed.errorDetails).toMatchObject({ errorCode: "transcription_failed", message: "Transkription fehlgeschlagen" });
  expect(failed.errorDetails!.suggestions.length).toBeGreaterThan(0);
  expect(await usedMinutes()).toBeCloseTo(before, 5);
  const job = await queue(queues.media).getJob(jobIdFor("transcription.run", id));
  expect(job?.failedReason).toMatch(/stalled/);
  // The worker that finalised it is still running and beating.
  expect(worker.exitCode).toBeNull();
  expect(await redis().get(heartbeatKey())).toBeTruthy();
});

it("the sweep finalises a task whose job failed without anyone recording it, and queues one whose job is gone", async () => {
  // Nobody runs these jobs: the worker of the first test is stopped first.
  if (worker) await killHard(worker);
  const before = await usedMinutes();
  const failedId = await upload();
  const lostId = await upload();
  // The first job failed in a worker that died before it could record the failure.
  const connection = newRedisConnection();
  connections.push(connection);
  const rogue = new Worker(queues.media, null, { connection, prefix: bullPrefix(), autorun: false, lockDuration: 30_000 });
  const job = await rogue.getNextJob("rogue-token");
  const [failedJob, otherId] = job!.data.taskId === failedId ? [job!, lostId] : [job!, failedId];
  await failedJob.moveToFailed(new UnrecoverableError("speech API failed: HTTP 503"), "rogue-token");
  await rogue.close();
  // The other task's job vanished (Redis flushed, say).
  await (await queue(queues.media).getJob(jobIdFor("transcription.run", otherId)))!.remove();

  const swept = await sweepTasks({ graceMs: 0 });
  expect(swept).toEqual({ finalised: 1, requeued: 1, errors: 0 });
  const finalisedTask = await prisma.task.findUniqueOrThrow({ where: { id: failedJob.data.taskId as string }, select: { status: true, errorCode: true, errorSuggestions: true } });
  expect(finalisedTask).toMatchObject({ status: "failed", errorCode: "transcription_failed" });
  expect(await (await queue(queues.media).getJob(jobIdFor("transcription.run", otherId)))!.getState()).toMatch(/waiting|prioritized/);
  // Only the finalised task's minutes came back; the re-queued one keeps its charge.
  expect(await usedMinutes()).toBeGreaterThan(before);
  expect(await sweepTasks({ graceMs: 0 })).toEqual({ finalised: 0, requeued: 0, errors: 0 });
});
