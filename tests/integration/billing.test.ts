import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as start } from "@/app/api/transcription/start-transcription/[id]/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as usage } from "@/app/api/usage/route";
import { correctCharge } from "@/lib/billing/ledger";
import { periodOf } from "@/lib/billing/usage";
import { bullPrefix, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { applyMigrations, dropDatabase, ensureDatabase, readMigrations, withDatabaseName } from "@/lib/server/migrations";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { markTranscriptionFailed } from "@/lib/tasks/pipeline";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Money: a task is charged once whatever races it, a refund goes back once to
// the month of its charge, usage is whole seconds, and a file is billed on the
// length it decodes to, not on what its header claims.
jest.setTimeout(180_000);

let tmp: string;
let databaseUrl: string;

beforeAll(async () => {
  databaseUrl = await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-billing-"));
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function usedSeconds(userId: string, periodStart = periodOf(new Date()).start) {
  const row = await prisma.usagePeriod.findUnique({ where: { userId_periodStart: { userId, periodStart } }, select: { usedSeconds: true } });
  return row?.usedSeconds ?? 0;
}

async function uploadUnstarted(token: string, file = path.join(CORPUS, "single/en_jfk.wav")) {
  const res = await call<{ tasks: { id: string; status: string }[] }>(create, { token, form: await formWithFiles([{ path: file }], { start: "false" }) });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

describe("a task is charged exactly once", () => {
  it("10 concurrent retries of a failed task charge it once, in one transaction with the status change", async () => {
    const user = await signIn("bill-retry");
    const id = await uploadUnstarted(user.token);
    // en_jfk.wav is 11.0 s: 11 whole seconds, charged at upload.
    expect(await usedSeconds(user.userId)).toBe(11);
    await prisma.task.update({ where: { id }, data: { status: "transcribing" } });
    await markTranscriptionFailed(id, new Error("speech API down"), { locale: "en", attempts: 3, requestId: "r" });
    expect(await usedSeconds(user.userId)).toBe(0);

    const answers = await Promise.all(Array.from({ length: 10 }, () => call<{ status: string }>(start, { token: user.token, params: { id } })));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.data.status === "queued")).toBe(true);
    expect(await usedSeconds(user.userId)).toBe(11);
    const charge = await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: id } });
    expect(charge).toMatchObject({ seconds: 11, refundedAt: null, userId: user.userId });
    expect(await prisma.usageCharge.count({ where: { userId: user.userId } })).toBe(1);
    expect(await queue(queues.media).getJob(jobIdFor("transcription.run", id))).toBeTruthy();
    const shown = await call<{ usedMinutes: number }>(usage, { token: user.token });
    expect(shown.data.usedMinutes).toBeCloseTo(11 / 60, 2);
  });

  it("10 concurrent starts of an uploaded task add nothing to its upload charge", async () => {
    const user = await signIn("bill-start");
    const id = await uploadUnstarted(user.token);
    const answers = await Promise.all(Array.from({ length: 10 }, () => call<{ status: string }>(start, { token: user.token, params: { id } })));
    expect(answers.every((a) => a.code === 200 && a.data.status === "queued")).toBe(true);
    expect(await usedSeconds(user.userId)).toBe(11);
    expect(await prisma.usageCharge.count({ where: { taskId: id } })).toBe(1);
  });
});

describe("refunds", () => {
  it("go back to the month the charge was made in, once", async () => {
    const user = await signIn("bill-refund");
    const id = await uploadUnstarted(user.token);
    // As if the charge had been made last month: the period's seconds and the charge row say so.
    const now = periodOf(new Date());
    const last = periodOf(new Date(now.start.getTime() - 86_400_000));
    await prisma.usagePeriod.create({ data: { userId: user.userId, periodStart: last.start, nextResetAt: last.next, usedSeconds: 500 } });
    await prisma.usageCharge.update({ where: { taskId: id }, data: { periodStart: last.start } });
    await prisma.usagePeriod.update({ where: { userId_periodStart: { userId: user.userId, periodStart: now.start } }, data: { usedSeconds: 0 } });
    await prisma.task.update({ where: { id }, data: { status: "transcribing" } });

    await markTranscriptionFailed(id, new Error("boom"), { locale: "en", attempts: 3, requestId: "r" });
    await prisma.task.update({ where: { id }, data: { status: "transcribing" } });
    await markTranscriptionFailed(id, new Error("boom again"), { locale: "en", attempts: 3, requestId: "r" });

    expect(await usedSeconds(user.userId, last.start)).toBe(500 - 11);
    expect(await usedSeconds(user.userId)).toBe(0);
    expect((await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: id } })).refundedAt).not.toBeNull();
  });
});

describe("corrections", () => {
  it("charge a file that decodes longer than its header said for the extra seconds, within the plan", async () => {
    const user = await signIn("bill-longer");
    const id = await uploadUnstarted(user.token);
    const fix = (sec: number) => prisma.$transaction((db) => correctCharge(db, id, sec));
    expect(await fix(20.2)).toEqual({ from: 11, to: 21 });
    expect(await fix(20.2)).toBeNull();
    expect(await usedSeconds(user.userId)).toBe(21);
    // Nearly the whole plan used elsewhere: 300 minutes less 30 s.
    await prisma.usagePeriod.updateMany({ where: { userId: user.userId }, data: { usedSeconds: 300 * 60 - 30 } });
    await expect(fix(100)).rejects.toMatchObject({ key: "upload.usageLimit" });
    expect((await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: id } })).seconds).toBe(21);
    expect(await fix(5)).toEqual({ from: 21, to: 5 });
    expect(await usedSeconds(user.userId)).toBe(300 * 60 - 30 - 16);
  });
});

describe("the seconds migration", () => {
  it("turns float minutes into whole seconds, rounding up, and each task's charge into a ledger row", async () => {
    const url = withDatabaseName(databaseUrl, `${new URL(databaseUrl).pathname.slice(1)}_seconds`);
    const all = readMigrations();
    const ledger = all.findIndex((m) => m.name.endsWith("_usage_seconds_ledger"));
    const dir = path.join(tmp, "before");
    for (const m of all.slice(0, ledger)) {
      fs.mkdirSync(path.join(dir, m.name), { recursive: true });
      fs.writeFileSync(path.join(dir, m.name, "migration.sql"), m.sql);
    }
    await ensureDatabase(url);
    const client = new pg.Client({ connectionString: url });
    try {
      await applyMigrations({ databaseUrl: url, migrationsDir: dir });
      await client.connect();
      await client.query(`INSERT INTO "User" (id, username, "referralCode", "updatedAt") VALUES ('u1', 'u', 'r1', now())`);
      // 11 s (a float that is not exactly 11/60), 2.5 s, and a failed task that was refunded (0).
      await client.query(`INSERT INTO "Task" (id, "userId", title, "updateTime", "chargedMinutes", "createTime") VALUES
        ('t1', 'u1', 'a', now(), ${11 / 60}, '2026-10-15'), ('t2', 'u1', 'b', now(), ${3 / 60}, '2026-11-02'), ('t3', 'u1', 'c', now(), 0, '2026-11-03')`);
      await client.query(`INSERT INTO "UsagePeriod" (id, "userId", "periodStart", "nextResetAt", "usedMinutes") VALUES
        ('p1', 'u1', '2026-10-01', '2026-11-01', ${11 / 60}), ('p2', 'u1', '2026-11-01', '2026-12-01', ${2.5 / 60 + 3 / 60})`);
      await applyMigrations({ databaseUrl: url });
      const periods = await client.query(`SELECT "periodStart"::text AS p, "usedSeconds" FROM "UsagePeriod" ORDER BY 1`);
      expect(periods.rows).toEqual([
        { p: "2026-10-01 00:00:00", usedSeconds: 11 },
        { p: "2026-11-01 00:00:00", usedSeconds: 6 },
      ]);
      const charges = await client.query(`SELECT "taskId", "periodStart"::text AS p, seconds, "intakeSeconds", "refundedAt" FROM "UsageCharge" ORDER BY 1`);
      expect(charges.rows).toEqual([
        { taskId: "t1", p: "2026-10-01 00:00:00", seconds: 11, intakeSeconds: 11, refundedAt: null },
        { taskId: "t2", p: "2026-11-01 00:00:00", seconds: 3, intakeSeconds: 3, refundedAt: null },
      ]);
    } finally {
      await client.end().catch(() => undefined);
      await dropDatabase(url);
    }
  });
});

describe("billing on the decoded length", () => {
  let worker: Worker;
  let connection: ReturnType<typeof newRedisConnection>;
  beforeAll(async () => {
    // The jobs queued by the races above are not this test's business.
    await queue(queues.media).drain();
    connection = newRedisConnection();
    worker = new Worker(queues.media, runTranscriptionJob, { connection, prefix: bullPrefix(), concurrency: 1 });
  });
  afterAll(async () => {
    await worker.close();
    await connection.quit();
  });

  it("a truncated MP3 is charged what its header claims at upload, then corrected to what decodes, the difference refunded", async () => {
    const user = await signIn("bill-truncated");
    const full = path.join(tmp, "full.mp3");
    const cut = path.join(tmp, "cut.mp3");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "libmp3lame", "-b:a", "64k", full]);
    // Keep a quarter of the bytes: the Xing header still says 11 s, about 2.7 s decode.
    execFileSync("bash", ["-c", `head -c ${Math.floor(fs.statSync(full).size / 4)} "${full}" > "${cut}"`]);

    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: cut }]) });
    expect(res.code).toBe(200);
    const id = res.data.tasks[0]!.id;
    const atIntake = await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: id } });
    expect(atIntake.intakeSeconds).toBeGreaterThanOrEqual(11);

    let status = "";
    for (let i = 0; i < 400 && !["completed", "failed"].includes(status); i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = (await call<{ status: string }>(getTask, { token: user.token, params: { id } })).data.status;
    }
    expect(status).toBe("completed");
    const charge = await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: id } });
    const task = await prisma.task.findUniqueOrThrow({ where: { id }, select: { duration: true } });
    expect(task.duration).toBeLessThan(4);
    expect(charge.intakeSeconds).toBe(atIntake.intakeSeconds);
    expect(charge.seconds).toBe(Math.ceil(task.duration!));
    expect(charge.refundedAt).toBeNull();
    expect(await usedSeconds(user.userId)).toBe(charge.seconds);
  });
});
