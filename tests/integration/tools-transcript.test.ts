import { SITE_PORT } from "./tools-transcript.env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { NextRequest } from "next/server";
import { GET as listTranscripts, POST as startTranscript } from "@/app/api/tools/transcript/route";
import { GET as getTranscript } from "@/app/api/tools/transcript/[id]/route";
import { POST as openInApp } from "@/app/api/tools/transcript/[id]/open/route";
import { GET as getQuota } from "@/app/api/tools/transcript/quota/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, queue, queues } from "@/lib/jobs/contract";
import { creditReferral } from "@/lib/rewards/referral";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runToolTranscriptJob } from "@/workers/tools";
import { call, CORPUS, type Answer } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { LOOPBACK_CAPTIONS, startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import { signIn } from "@/tests/helpers/users";

// The video-platform transcript tool end to end: the real routes, queue and worker runner,
// and a real yt-dlp against a loopback video site (captions page and caption-less page).
jest.setTimeout(180_000);

interface View {
  id: string;
  status: string;
  source: string | null;
  title: string | null;
  errorCode: string | null;
  segments: { begin: number; end: number; text: string }[];
}

let tmp: string;
let site: LoopbackSite;
let worker: Worker | null = null;
let connection: ReturnType<typeof newRedisConnection> | null = null;
let ipSeq = 0;

const visitorCookie = (id: string) => `tingji_visitor=${id.padEnd(24, "x")}`;
const freshIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

function asVisitor(visitor: string, ip = freshIp()) {
  return { headers: { cookie: visitorCookie(visitor), "x-forwarded-for": ip } };
}

function start(url: string, who: { headers?: Record<string, string>; token?: string }) {
  return call<{ transcript: View }>(startTranscript, { json: { url }, ...who });
}

async function settle(id: string, who: { headers?: Record<string, string>; token?: string }): Promise<View> {
  for (let i = 0; i < 900; i++) {
    const t = (await call<{ transcript: View }>(getTranscript, { params: { id }, ...who })).data.transcript;
    if (t.status === "completed" || t.status === "failed") return t;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("transcript did not settle");
}

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-tools-"));
  const m4a = path.join(tmp, "jfk.m4a");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "aac", m4a]);
  site = await startLoopbackSite(m4a, SITE_PORT);
});

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
  await site?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("link rules (not empty, a valid http or https link, a YouTube host)", () => {
  test.each([
    ["", "links.empty"],
    ["not a link", "links.invalidUrl"],
    ["ftp://www.youtube.com/watch?v=dQw4w9WgXcQ", "links.protocol"],
    ["https://vimeo.com/123", "links.host"],
    ["https://www.youtube.com/watch?v=short", "links.invalidUrl"],
  ])("%j is refused with %s and uses nothing", async (url, key) => {
    const res = await start(url, asVisitor("rules-visitor"));
    expect([res.status, (res.data as unknown as { error: string }).error]).toEqual([400, key]);
    expect(await prisma.toolTranscript.count()).toBe(0);
    expect(await prisma.toolQuotaClaim.count()).toBe(0);
  });
});

test("the China edition does not offer the tool", async () => {
  const res = await call(startTranscript, { json: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" }, headers: { host: "tingji.cn", cookie: visitorCookie("china-visitor") } });
  expect([res.status, (res.data as unknown as { error: string }).error]).toEqual([403, "common.requestDenied"]);
  expect(await prisma.toolTranscript.count()).toBe(0);
});

describe("quotas under concurrent requests (nothing runs: the worker is not started yet)", () => {
  afterAll(async () => {
    await queue(queues.media).obliterate({ force: true });
    await prisma.toolQuotaClaim.deleteMany();
    await prisma.toolTranscript.deleteMany();
  });

  test("one visitor sending 20 at once from 20 addresses gets exactly one; the rest must log in", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => start(site.url("/captioned/media.m4a"), asVisitor("same-visitor-aaaa"))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 403 && (r.data as unknown as { error: string }).error === "tools.loginRequired")).toBe(true);
    expect(await prisma.toolTranscript.count({ where: { visitorKey: { not: null } } })).toBe(1);
  });

  test("one address with 20 different visitors at once gets exactly one", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => start(site.url("/captioned/media.m4a"), asVisitor(`ip-visitor-${i}`, "10.77.0.1"))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const q = await call<{ remaining: number; signedIn: boolean }>(getQuota, asVisitor("ip-visitor-fresh", "10.77.0.1"));
    expect(q.data).toMatchObject({ signedIn: false, remaining: 0 });
  });

  test("a free account gets exactly 2 of 20 concurrent starts, 1 more per successful referral, then 'invite or upgrade'", async () => {
    const u = await signIn("free-tooluser");
    const results = await Promise.all(Array.from({ length: 20 }, () => start(site.url("/captioned/media.m4a"), { token: u.token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.find((r) => r.status !== 200)!;
    expect((refused.data as unknown as { error: string }).error).toBe("tools.quotaExhausted");
    expect(refused.message).toMatch(/invite more people or upgrade to Pro/i);
    // A new account signed up with u's code: one more use.
    const referrer = await prisma.user.findUniqueOrThrow({ where: { id: u.userId }, select: { referralCode: true } });
    const invited = await signIn("invited-friend");
    expect(await creditReferral(invited.userId, referrer.referralCode)).toBe(true);
    const again = await Promise.all(Array.from({ length: 10 }, () => start(site.url("/captioned/media.m4a"), { token: u.token })));
    expect(again.filter((r) => r.status === 200)).toHaveLength(1);
    const q = await call<{ used: number; limit: number; remaining: number }>(getQuota, { token: u.token });
    expect(q.data).toMatchObject({ used: 3, limit: 3, remaining: 0 });
  });

  test("Pro is unlimited: 20 concurrent starts all pass", async () => {
    const pro = await signIn("pro-tooluser");
    await prisma.user.update({ where: { id: pro.userId }, data: { planCode: "pro" } });
    const results = await Promise.all(Array.from({ length: 20 }, () => start(site.url("/captioned/media.m4a"), { token: pro.token })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect((await call<{ unlimited: boolean }>(getQuota, { token: pro.token })).data.unlimited).toBe(true);
  });
});

describe("the pipeline in the worker (real yt-dlp)", () => {
  beforeAll(() => {
    connection = newRedisConnection();
    worker = new Worker(queues.media, runToolTranscriptJob, { connection, prefix: bullPrefix(), concurrency: 1 });
  });

  test("a page with captions: the platform's own captions with their times; a cookie-less visitor is given one", async () => {
    const req = new NextRequest("http://127.0.0.1:3000/api/tools/transcript", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ url: site.url("/captioned/media.m4a") }),
    });
    const res = await startTranscript(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^tingji_visitor=[A-Za-z0-9_-]{24,}; .*HttpOnly; SameSite=Lax/);
    const who = { headers: { cookie: cookie.split(";")[0]! } };
    const { transcript } = ((await res.json()) as Answer<{ transcript: View }>).data;
    const t = await settle(transcript.id, who);
    expect([t.status, t.source, t.title]).toEqual(["completed", "captions", "JFK speech"]);
    expect(t.segments).toEqual([
      { begin: 500, end: 4000, text: "And so my fellow Americans," },
      { begin: 4000, end: 10500, text: "ask not what your country can do for you." },
    ]);
    expect(LOOPBACK_CAPTIONS).toContain(t.segments[1]!.text);
    // Visitor isolation: another visitor sees neither the row nor it in a history.
    const other = asVisitor("someone-else-entirely");
    const peek = await call(getTranscript, { params: { id: transcript.id }, ...other });
    expect([peek.status, peek.code]).toEqual([400, 404]);
    expect((await call<{ items: View[] }>(listTranscripts, other)).data.items).toEqual([]);
    expect((await call<{ items: View[] }>(listTranscripts, who)).data.items.map((i) => i.id)).toEqual([transcript.id]);
    // Signed in, the account sees its own and this browser's anonymous ones, never another visitor's.
    const u = await signIn("history-reader");
    expect((await call<{ items: View[] }>(listTranscripts, { token: u.token, ...other })).data.items).toEqual([]);
    expect((await call<{ items: View[] }>(listTranscripts, { token: u.token, ...who })).data.items.map((i) => i.id)).toEqual([transcript.id]);
    expect((await call(getTranscript, { token: u.token, params: { id: transcript.id }, ...other })).code).toBe(404);
  });

  test("a page without captions: the audio goes through the speech engine; 'Open in the app' makes a task with the times and starts its summary", async () => {
    const u = await signIn("speech-user");
    const res = await start(site.url("/page/media.m4a"), { token: u.token });
    expect(res.status).toBe(200);
    const t = await settle(res.data.transcript.id, { token: u.token });
    expect([t.status, t.source]).toEqual(["completed", "speech"]);
    expect(t.segments.length).toBeGreaterThan(0);
    // pocketsphinx's words on this clip are poor (about 40% WER): that there are timed words is what counts here.
    expect(t.segments.every((s) => /\p{L}/u.test(s.text) && s.end > s.begin)).toBe(true);
    expect(t.segments.at(-1)!.end).toBeGreaterThan(5_000);
    // Another account cannot take it.
    const nosy = await signIn("nosy-opener");
    const denied = await call(openInApp, { token: nosy.token, params: { id: t.id } });
    expect([denied.status, denied.code]).toEqual([400, 404]);
    const opened = await call<{ taskId: string }>(openInApp, { token: u.token, params: { id: t.id } });
    expect(opened.status).toBe(200);
    const task = await call<{ status: string; timeline: { begin: number; end: number; text: string }[] }>(getTask, { token: u.token, params: { id: opened.data.taskId } });
    expect(["analyzing", "analysis_completed"]).toContain(task.data.status);
    expect(task.data.timeline.map((e) => [e.begin, e.end, e.text])).toEqual(t.segments.map((s) => [s.begin, s.end, s.text]));
    // Twice is the same task.
    expect((await call<{ taskId: string }>(openInApp, { token: u.token, params: { id: t.id } })).data.taskId).toBe(opened.data.taskId);
  });

  test("a link that fails gives the free use back", async () => {
    const who = asVisitor("unlucky-visitor");
    const res = await start(site.url("/status/404"), who);
    expect(res.status).toBe(200);
    const t = await settle(res.data.transcript.id, who);
    expect(t.status).toBe("failed");
    expect(t.errorCode).toMatch(/^link_/);
    expect((await call<{ remaining: number }>(getQuota, who)).data.remaining).toBe(1);
  });
});
