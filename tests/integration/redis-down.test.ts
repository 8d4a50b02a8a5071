import "./redis-down.env";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { GET as health } from "@/app/api/health/route";
import { POST as ask } from "@/app/api/ask-ai/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { openSession } from "@/lib/auth/session";
import { prisma } from "@/lib/server/prisma";
import { redis } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream } from "@/tests/helpers/api";

// With Redis down the rate limits cannot count: the limited routes answer a
// clear 503 catalogue message at once instead of hanging, no login link is
// made, and the health check still answers and reports Redis.

beforeAll(async () => {
  await setupTestDatabase();
});

jest.setTimeout(60_000);

// A client that never connected would keep retrying: stop it outright.
afterAll(() => redis().disconnect());

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

test("the health check still answers, and reports Redis as down", async () => {
  const res = await call<{ redis: string }>(health);
  expect([res.status, res.data.redis]).toEqual([200, "error"]);
});
