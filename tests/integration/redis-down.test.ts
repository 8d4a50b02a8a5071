import "./redis-down.env";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { GET as health } from "@/app/api/health/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { POST as upload } from "@/app/api/transcription/create/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import path from "node:path";
import { openSession } from "@/lib/auth/session";
import { closeQueues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { redis } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, CORPUS, formWithFiles } from "@/tests/helpers/api";

// With Redis down the rate limits cannot count: the limited routes answer a
// clear 503 catalogue message at once instead of hanging, no login link is
// made, and the health check still answers and reports Redis.

beforeAll(async () => {
  await setupTestDatabase();
});

jest.setTimeout(60_000);

// A client that never connected would keep retrying: stop it outright (the queues' producer connections too).
afterAll(async () => {
  await closeQueues();
  redis().disconnect();
});

test("the login-link send answers 503 within seconds and makes no link", async () => {
  const started = Date.now();
  const res = await call(sendLink, { json: { email: "down@example.com" }, headers: { "x-locale": "ja" } });
  expect([res.status, (res.data as { error: string }).error]).toEqual([503, "common.serviceUnavailable"]);
  expect(res.message).toBe("サービスは一時的に利用できません。しばらくしてからもう一度お試しください");
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await prisma.loginLink.count({ where: { email: "down@example.com" } })).toBe(0);
});

test("Ask AI answers 503, not a hang", async () => {
  const user = await prisma.user.create({ data: { email: "asker@example.com", username: "asker", referralCode: "REDISDOWN1" }, select: { id: true } });
  const session = await openSession(user.id, "web_redisdwn");
  const started = Date.now();
  const res = await callStream(ask, { token: session.access_token, json: { task_id: "t1", question: "Hello?" } });
  expect([res.status, res.envelope?.data]).toEqual([503, expect.objectContaining({ error: "common.serviceUnavailable" })]);
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("a route whose own Redis call fails (the video-link limit) answers 503 too, not 500", async () => {
  const user = await prisma.user.create({ data: { email: "linker@example.com", username: "linker", referralCode: "REDISDOWN2" }, select: { id: true } });
  const session = await openSession(user.id, "web_redisdw2");
  const res = await call(importLink, { token: session.access_token, json: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } });
  expect([res.status, (res.data as { error: string }).error]).toEqual([503, "common.serviceUnavailable"]);
});

test("the health check answers at once: HTTP 503, Redis reported down, the database up, the same report", async () => {
  for (let i = 0; i < 3; i++) {
    const started = Date.now();
    const res = await call<{ database: string; redis: string; worker: { state: string } }>(health);
    expect([res.status, res.data.database, res.data.redis, res.data.worker.state]).toEqual([503, "ok", "error", "down"]);
    expect(Date.now() - started).toBeLessThan(2_000);
  }
});

async function signedInUser(name: string) {
  const user = await prisma.user.create({ data: { email: `${name}@example.com`, username: name, referralCode: `RD${name.toUpperCase()}` }, select: { id: true } });
  return { userId: user.id, token: (await openSession(user.id, `web_${name.slice(0, 8).padEnd(8, "x")}`)).access_token };
}

// Nothing is lost and nothing half-made: the task is stored, charged and queued; the
// worker's sweep (workers/recovery.ts sweepTasks, tested in reliability-stall.test.ts)
// queues its job once Redis is back.
test("an upload is accepted within seconds and its task waits queued for the sweep", async () => {
  const { userId, token } = await signedInUser("uploader");
  const started = Date.now();
  const res = await call<{ tasks: { id: string }[] }>(upload, { token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav"), type: "audio/wav" }]) });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(res.status).toBe(200);
  const tasks = await prisma.task.findMany({ where: { userId }, select: { id: true, status: true, _count: { select: { mediaParts: true } } } });
  expect(tasks).toEqual([{ id: res.data.tasks[0]!.id, status: "queued", _count: { mediaParts: 1 } }]);
});

test("pasted text is accepted within seconds and waits queued for the sweep", async () => {
  const { userId, token } = await signedInUser("paster");
  const started = Date.now();
  const res = await call<{ task: { id: string } }>(pasteText, { token, json: { text: "Pasted while Redis is away.", title: "away" } });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(res.status).toBe(200);
  expect(await prisma.task.findMany({ where: { userId }, select: { id: true, status: true } })).toEqual([{ id: res.data.task.id, status: "queued" }]);
});
