import { GET as usage } from "@/app/api/usage/route";
import { UnrecoverableError, Worker } from "bullmq";
import { bullPrefix, closeQueues, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection, redis, redisKey } from "@/lib/server/redis";
import path from "node:path";
import { intakeFetchedMedia } from "@/lib/tasks/intake";
import { markTranscriptionFailed, runTranscription } from "@/lib/tasks/pipeline";
import { sweepTasks } from "@/workers/recovery";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS } from "@/tests/helpers/api";
import { uploadClip } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";

// Found by the full worker-kill drill (100 SIGKILLs, 3 s locks): a copy of a job
// that BullMQ had already given up on kept running, and its next step wrote the
// task back to "transcribing" after its failure (and refund) was recorded; and
// one task the sweep could not settle stopped the sweep for every task after it.
// No worker process runs here: the pipeline and the sweep are called directly.
jest.setTimeout(60_000);

let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("stale-writes");
});

afterAll(async () => {
  await closeQueues();
});

const usedMinutes = async () => (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;

it("a stale copy of a job cannot move a task whose failure was recorded back to transcribing, nor charge it again", async () => {
  const before = await usedMinutes();
  const id = await uploadClip(user.token);
  expect(await usedMinutes()).toBeGreaterThan(before);
  // Make it a link task whose media this copy of the job is still fetching.
  const parts = await prisma.mediaPart.findMany({ where: { taskId: id } });
  await prisma.mediaPart.deleteMany({ where: { taskId: id } });
  await prisma.task.update({ where: { id }, data: { source: "link", sourceUrl: "http://127.0.0.1:1/video", status: "transcribing" } });

  // While it fetches, BullMQ gives up on the job (stalled past maxStalledCount) and the failure is recorded.
  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(new Error("test: pipeline ran too long")), 15_000);
  const result = await runTranscription(id, {
    locale: "en",
    signal: stop.signal,
    fetchMedia: async (task) => {
      await prisma.mediaPart.createMany({ data: parts.map(({ id: _id, ...p }) => ({ ...p, taskId: task.id })) });
      await markTranscriptionFailed(task.id, new Error("job stalled more than allowable limit"), { locale: "en", attempts: 1, requestId: "stalled" });
    },
  }).catch((e: unknown) => e);
  clearTimeout(timer);

  expect(result).toEqual({ skipped: "settled" });
  const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true } });
  expect(task).toEqual({ status: "failed", errorCode: "transcription_failed" });
  expect(await usedMinutes()).toBeCloseTo(before, 5);
});

it("the sweep settles every task even when one of them throws", async () => {
  const broken = await uploadClip(user.token);
  const lost = await uploadClip(user.token);
  const media = queue(queues.media);
  for (const id of [broken, lost]) await (await media.getJob(jobIdFor("transcription.run", id)))!.remove();
  await prisma.task.updateMany({ where: { id: { in: [broken, lost] } }, data: { status: "transcribing" } });
  // The first task's job key holds something that is not a job: reading it throws (WRONGTYPE).
  await redis().set(`${bullPrefix()}:${queues.media}:${jobIdFor("transcription.run", broken)}`, "not a job");

  const swept = await sweepTasks({ graceMs: 0 });

  expect(swept).toEqual({ requeued: 1, finalised: 0, errors: 1 });
  expect(await (await media.getJob(jobIdFor("transcription.run", lost)))!.getState()).toMatch(/waiting|prioritized/);
  expect(await prisma.task.findUniqueOrThrow({ where: { id: lost }, select: { status: true } })).toEqual({ status: "queued" });
  expect(await prisma.task.findUniqueOrThrow({ where: { id: broken }, select: { status: true } })).toEqual({ status: "transcribing" });
});

it("the sweep never queues again a task whose failure was recorded after the sweep read it", async () => {
  const before = await usedMinutes();
  const id = await uploadClip(user.token);
  await (await queue(queues.media).getJob(jobIdFor("transcription.run", id)))!.remove();
  await prisma.task.update({ where: { id }, data: { status: "transcribing", updateTime: new Date(Date.now() - 60_000) } });
  const read = await prisma.task.findUniqueOrThrow({ where: { id }, select: { updateTime: true } });
  await markTranscriptionFailed(id, new Error("failed"), { locale: "en", attempts: 3, requestId: "r" });

  const { queueTranscription } = await import("@/lib/tasks/queueing");
  await queueTranscription(id, "en", { unlessChangedSince: read.updateTime });

  expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({ status: "failed" });
  expect(await queue(queues.media).getJob(jobIdFor("transcription.run", id))).toBeUndefined();
  expect(await usedMinutes()).toBeCloseTo(before, 5);
});

it("the sweep finalises a failed job whose finaliser died after claiming it", async () => {
  // Nothing of the tests above is left to sweep.
  await queue(queues.media).drain();
  await prisma.task.updateMany({ where: { status: { in: ["queued", "merging", "transcribing"] } }, data: { status: "failed" } });
  const before = await usedMinutes();
  const id = await uploadClip(user.token);
  await prisma.task.update({ where: { id }, data: { status: "transcribing" } });
  // The job fails in a worker ...
  const connection = newRedisConnection();
  const rogue = new Worker(queues.media, null, { connection, prefix: bullPrefix(), autorun: false, lockDuration: 30_000 });
  const job = await rogue.getNextJob("rogue-token");
  expect(job?.data.taskId).toBe(id);
  await job!.moveToFailed(new UnrecoverableError("job stalled more than allowable limit"), "rogue-token");
  await rogue.close();
  connection.disconnect();
  // ... and the worker whose listener claimed the failure is SIGKILLed before recording it.
  const failed = (await queue(queues.media).getJob(jobIdFor("transcription.run", id)))!;
  await redis().set(redisKey("jobs", "finalised", `${failed.id}@${failed.finishedOn ?? 0}`), "claimed", "EX", 7 * 24 * 3600);

  expect(await sweepTasks({ graceMs: 0 })).toEqual({ requeued: 0, finalised: 1, errors: 0 });
  expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true } })).toEqual({ status: "failed", errorCode: "transcription_failed" });
  expect(await usedMinutes()).toBeCloseTo(before, 5);
});

it("a stale copy that finishes fetching a link after its failure was recorded charges nothing and keeps no media", async () => {
  const before = await usedMinutes();
  const id = `tstale${Date.now()}`;
  await prisma.task.create({ data: { id, userId: user.userId, title: "link", source: "link", status: "transcribing", sourceUrl: "http://127.0.0.1:1/video" } });

  const result = await runTranscription(id, {
    locale: "en",
    fetchMedia: async (task, workDir) => {
      // BullMQ gave up on the job while this copy was downloading; the failure is recorded first.
      await markTranscriptionFailed(task.id, new Error("job stalled more than allowable limit"), { locale: "en", attempts: 1, requestId: "stalled" });
      const local = path.join(workDir, "download.wav");
      await (await import("node:fs/promises")).copyFile(path.join(CORPUS, "single/en_jfk.wav"), local);
      await intakeFetchedMedia(task, { path: local, name: "download.wav" });
    },
  }).catch((e: unknown) => e);

  expect(result).toEqual({ skipped: "settled" });
  expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({ status: "failed" });
  expect(await prisma.mediaPart.count({ where: { taskId: id } })).toBe(0);
  expect(await usedMinutes()).toBeCloseTo(before, 5);
});
