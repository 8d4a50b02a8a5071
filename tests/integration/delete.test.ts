import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker, type Job } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { POST as deleteForever } from "@/app/api/transcription/tasks/delete-forever/route";
import { periodOf } from "@/lib/billing/usage";
import { getProgress } from "@/lib/jobs/progress";
import { bullPrefix, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { mediaFolder } from "@/lib/tasks/task-files";
import { scratchRoot, storage } from "@/lib/storage/storage";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Deleting a task moves it to Recently deleted (tests/integration/recently-deleted.test.ts):
// its queued jobs go at once, a worker still running on it stops at its next step and
// writes nothing back; "Delete forever" (or the 30-day purge) then removes every file it owns.
jest.setTimeout(180_000);

let tmp: string;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-delete-"));
  user = await signIn("deleter");
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The names of the task's stored files, through the storage driver of this run (local disk or S3). */
async function storedNames(id: string): Promise<string[]> {
  const folder = mediaFolder(user.userId, id);
  const names: string[] = [];
  for await (const o of storage().list(folder)) names.push(o.key.slice(folder.length + 1));
  return names;
}
const scratchFolders = (id: string) => ["tasks", "documents", "meetings"].map((k) => path.join(scratchRoot(), k, id));

async function usedSeconds() {
  const row = await prisma.usagePeriod.findUnique({ where: { userId_periodStart: { userId: user.userId, periodStart: periodOf(new Date()).start } }, select: { usedSeconds: true } });
  return row?.usedSeconds ?? 0;
}

/** Deleted: hidden from its owner at once; then removed for good from Recently deleted. */
async function deleteForGood(id: string) {
  expect((await call(getTask, { token: user.token, params: { id } })).code).toBe(404);
  expect(await prisma.task.count({ where: { id, deletedAt: { not: null } } })).toBe(1);
  expect((await call<{ deleted: number }>(deleteForever, { token: user.token, json: { ids: [id] } })).data.deleted).toBe(1);
}

async function expectNothingLeft(id: string) {
  expect(await prisma.task.count({ where: { id } })).toBe(0);
  expect(await prisma.mediaPart.count({ where: { taskId: id } })).toBe(0);
  expect(await prisma.timelineEntry.count({ where: { taskId: id } })).toBe(0);
  expect(await storedNames(id)).toEqual([]);
  for (const dir of scratchFolders(id)) expect(fs.existsSync(dir)).toBe(false);
  expect(await getProgress(id)).toBeNull();
  expect((await call(getTask, { token: user.token, params: { id } })).code).toBe(404);
}

describe("a task whose work has not started", () => {
  it("loses its queued job, its files and its charge", async () => {
    // No worker runs yet: the job waits in the queue.
    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }]) });
    const id = res.data.tasks[0]!.id;
    expect(await storedNames(id)).toHaveLength(1);
    expect(await usedSeconds()).toBe(11);
    expect(await queue(queues.media).getJob(jobIdFor("transcription.run", id))).toBeTruthy();

    const del = await call<{ deleted: number }>(deleteBatch, { token: user.token, json: { ids: [id] } });
    expect(del.data.deleted).toBe(1);
    expect(await queue(queues.media).getJob(jobIdFor("transcription.run", id))).toBeUndefined();
    await deleteForGood(id);
    await expectNothingLeft(id);
    expect(await usedSeconds()).toBe(0);
    // The ledger keeps the refunded charge, detached from the task.
    expect(await prisma.usageCharge.count({ where: { userId: user.userId, taskId: null, refundedAt: { not: null } } })).toBe(1);
  });

  it("a pasted text loses its stored document.json and its import job", async () => {
    const res = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text: "Alice: hello.\nBob: hi there." } });
    const id = res.data.task.id;
    expect(await storedNames(id)).toContain("document.json");
    await call(deleteBatch, { token: user.token, json: { ids: [id] } });
    expect(await queue(queues.ai).getJob(jobIdFor("document.import", id))).toBeUndefined();
    await deleteForGood(id);
    await expectNothingLeft(id);
    expect(await usedSeconds()).toBe(0);
  });
});

describe("a task deleted while the worker transcribes it", () => {
  let worker: Worker;
  let connection: ReturnType<typeof newRedisConnection>;
  const finished = new Map<string, { state: "completed" | "failed"; value: unknown }>();

  beforeAll(async () => {
    connection = newRedisConnection();
    worker = new Worker(queues.media, runTranscriptionJob, { connection, prefix: bullPrefix(), concurrency: 1 });
    worker.on("completed", (job: Job, value: unknown) => finished.set(job.id!, { state: "completed", value }));
    worker.on("failed", (job: Job | undefined, err: Error) => job && finished.set(job.id!, { state: "failed", value: err.message }));
  });
  afterAll(async () => {
    await worker.close();
    await connection.quit();
  });

  it("stops at its next step, keeps its recording while in Recently deleted; Delete forever leaves no task, no files; the charge of the started work kept once", async () => {
    // About a minute of speech: long enough to be deleted mid-transcription.
    const long = path.join(tmp, "long.wav");
    const jfk = path.join(CORPUS, "single/en_jfk.wav");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...Array(6).fill(["-i", jfk]).flat(), "-filter_complex", "concat=n=6:v=0:a=1", long]);
    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: long }]) });
    const id = res.data.tasks[0]!.id;
    const jobId = jobIdFor("transcription.run", id);
    const charged = await usedSeconds();
    expect(charged).toBe(66);

    for (let i = 0; i < 400 && (await getProgress(id))?.stage !== "transcribing"; i++) await new Promise((r) => setTimeout(r, 100));
    expect((await getProgress(id))?.stage).toBe("transcribing");
    // The worker has stored the normalised audio by now.
    expect(await storedNames(id)).toContain("normalized.wav");

    const errors = jest.spyOn(console, "error");
    const del = await call<{ deleted: number }>(deleteBatch, { token: user.token, json: { ids: [id] } });
    expect(del.data.deleted).toBe(1);
    for (let i = 0; i < 600 && !finished.has(jobId); i++) await new Promise((r) => setTimeout(r, 100));
    expect(finished.get(jobId)).toEqual({ state: "completed", value: { skipped: "deleted" } });
    // Nothing comes back a little later either.
    await new Promise((r) => setTimeout(r, 1500));
    // In Recently deleted the stopped task keeps its stored recording, so a restore and Retry lose nothing.
    expect(await storedNames(id)).not.toEqual([]);
    expect(await getProgress(id)).toBeNull();
    await deleteForGood(id);
    await expectNothingLeft(id);
    expect(errors.mock.calls.filter((c) => String(c[0]).includes(id))).toEqual([]);
    errors.mockRestore();
    // The started work stays charged, once; nothing was refunded or charged again.
    expect(await usedSeconds()).toBe(charged);
    expect(await prisma.usageCharge.findMany({ where: { userId: user.userId, refundedAt: null }, select: { seconds: true, taskId: true } })).toEqual([{ seconds: 66, taskId: null }]);
  });
});
