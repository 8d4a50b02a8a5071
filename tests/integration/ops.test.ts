import { METRICS_TOKEN } from "./ops.env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { NextRequest } from "next/server";
import { GET as metricsRoute } from "@/app/api/metrics/route";
import { POST as boardSession } from "@/app/api/admin/board-session/route";
import { GET as boardGet, PUT as boardPut } from "@/app/admin/queues/[[...path]]/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { bullPrefix, queue, queues } from "@/lib/jobs/contract";
import { runOpsCommand } from "@/lib/ops/cli";
import { listWorkers } from "@/lib/ops/drain";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection } from "@/lib/server/redis";
import { storage } from "@/lib/storage/storage";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { uploadClip } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { sleep, waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// Operations (docs/operations.md): who reaches the queue dashboard and /api/metrics, what the
// metrics say, the operator commands against the real Redis/BullMQ, and a request id followed
// from the web into the worker process's log.
jest.setTimeout(120_000);

type Handler = typeof metricsRoute;
let admin: Awaited<ReturnType<typeof signIn>>;
let user: Awaited<ReturnType<typeof signIn>>;

async function raw(handler: Handler, url: string, opts: { method?: string; token?: string; headers?: Record<string, string>; body?: string } = {}) {
  const headers: Record<string, string> = { "x-locale": "en", ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body) headers["content-type"] = "application/json";
  const res = await handler(new NextRequest(new URL(url, "http://localhost:3000"), { method: opts.method ?? "GET", headers, body: opts.body }), { params: Promise.resolve({}) });
  const text = await res.text();
  let code: number | undefined;
  try {
    code = (JSON.parse(text) as { code?: number }).code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code, text, headers: res.headers };
}

const out = () => {
  const lines: string[] = [];
  return { lines, print: (l: string) => void lines.push(l) };
};

beforeAll(async () => {
  await setupTestDatabase();
  [admin, user] = [await signIn("ops-admin"), await signIn("ops-user")];
  const o = out();
  expect(await runOpsCommand(["grant-admin", admin.email], o.print)).toBe(0);
  expect(o.lines[0]).toContain("is now an admin");
});

afterAll(async () => {
  await stopWorkers();
});

describe("/api/metrics", () => {
  it("refuses anonymous callers, normal users and a wrong metrics token", async () => {
    expect((await raw(metricsRoute, "/api/metrics")).status).toBe(401);
    const normal = await raw(metricsRoute, "/api/metrics", { token: user.token });
    expect([normal.status, normal.code]).toEqual([403, 403]);
    expect(normal.text).not.toContain("tingji_");
    const wrong = await raw(metricsRoute, "/api/metrics", { token: `${METRICS_TOKEN.slice(0, -1)}0` });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain("tingji_");
  });

  it("answers Prometheus text to an admin and to the metrics token, with the named series", async () => {
    // One timed API call first, so the latency histogram has a route.
    expect((await raw(metricsRoute, "/api/metrics", { token: user.token })).status).toBe(403);
    for (const token of [admin.token, METRICS_TOKEN]) {
      const res = await raw(metricsRoute, "/api/metrics", { token });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      for (const name of ["tingji_queue_jobs", "tingji_tasks", "tingji_job_duration_seconds", "tingji_job_failures_total", "tingji_speech_real_time_factor", "tingji_http_request_duration_seconds"]) {
        expect(res.text).toContain(`# TYPE ${name} `);
      }
      for (const q of Object.values(queues)) expect(res.text).toContain(`tingji_queue_jobs{queue="${q}",state="waiting"}`);
      expect(res.text).toMatch(/tingji_http_request_duration_seconds_count\{method="GET",route="\/api\/metrics",status="403"\} \d+/);
    }
  });
});

describe("queue dashboard", () => {
  it("refuses anonymous callers, normal users, forged cookies, and admins once revoked", async () => {
    expect((await raw(boardGet, "/admin/queues")).status).toBe(401);
    expect((await raw(boardGet, "/admin/queues/api/queues")).status).toBe(401);
    expect((await raw(boardGet, "/admin/queues/api/queues", { token: user.token })).status).toBe(403);
    expect((await raw(boardPut, "/admin/queues/api/queues/ai/retry/failed", { method: "PUT", token: user.token })).status).toBe(403);
    expect((await raw(boardGet, "/admin/queues/api/queues", { headers: { cookie: "tingji_board=0123456789abcdef0123456789abcdef0123456789abc" } })).status).toBe(401);
    const minted = await raw(boardSession, "/api/admin/board-session", { method: "POST", token: user.token });
    expect(minted.status).toBe(403);
    expect(minted.headers.get("set-cookie")).toBeNull();
    expect((await raw(boardSession, "/api/admin/board-session", { method: "POST" })).status).toBe(401);
  });

  it("lets an admin in through a short-lived httpOnly SameSite=Strict cookie, until the role is revoked", async () => {
    const minted = await raw(boardSession, "/api/admin/board-session", { method: "POST", token: admin.token });
    expect(minted.status).toBe(200);
    const cookie = minted.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^tingji_board=[A-Za-z0-9_-]{43,}; Path=\/admin\/queues; Max-Age=1800; HttpOnly; SameSite=Strict$/);
    const pair = cookie.split(";")[0]!;
    const api = await raw(boardGet, "/admin/queues/api/queues?activeQueue=ai&status=failed&page=1&jobsPerPage=10", { headers: { cookie: pair } });
    expect(api.status).toBe(200);
    const names = (JSON.parse(api.text) as { queues: { name: string }[] }).queues.map((q) => q.name).sort();
    expect(names).toEqual(Object.values(queues).sort());
    // The page's scripts get the nonce of the CSP proxy.ts put on the request.
    const page = await raw(boardGet, "/admin/queues", { headers: { cookie: pair, "content-security-policy": "script-src 'nonce-QUJDRA==' 'strict-dynamic'" } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<script nonce="QUJDRA==" defer src="');
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    // Retry and remove a failed job through the dashboard's own calls.
    const tools = queue(queues.tools);
    await tools.add("mediatools.process", { taskId: "board-file", locale: "en" }, { jobId: "board-job", attempts: 1 });
    const connection = newRedisConnection();
    const failing = new Worker(queues.tools, async () => Promise.reject(new Error("ffmpeg missing")), { connection, prefix: bullPrefix() });
    await waitFor("the job to fail", async () => (await (await tools.getJob("board-job"))?.getState()) === "failed");
    await failing.close();
    connection.disconnect();
    expect((await raw(boardPut, "/admin/queues/api/queues/tools/board-job/retry", { method: "PUT", headers: { cookie: pair } })).status).toBe(204);
    expect(await (await tools.getJob("board-job"))!.getState()).toBe("waiting");
    expect((await raw(boardPut, "/admin/queues/api/queues/tools/board-job/clean", { method: "PUT", headers: { cookie: pair } })).status).toBe(204);
    expect(await tools.getJob("board-job")).toBeUndefined();

    const o = out();
    expect(await runOpsCommand(["revoke-admin", admin.email], o.print)).toBe(0);
    expect((await raw(boardGet, "/admin/queues/api/queues", { headers: { cookie: pair } })).status).toBe(401);
    expect((await raw(metricsRoute, "/api/metrics", { token: admin.token })).status).toBe(403);
    expect(await runOpsCommand(["grant-admin", admin.email], o.print)).toBe(0);
  });
});

describe("operator commands", () => {
  it("retry-failed restarts every failed job of one kind the way the app's retry does, and leaves other kinds alone", async () => {
    const failedTask = await seedTranscribedTask(user.userId, "Analysis failed", MEETING.slice(0, 3));
    await prisma.task.update({ where: { id: failedTask }, data: { status: "analysis_failed", errorCode: "analysis_failed" } });
    const ai = queue(queues.ai);
    await ai.add("analysis.run", { taskId: failedTask, locale: "en", summaryLanguage: "en" }, { jobId: `analysis.run__${failedTask}`, attempts: 1 });
    // A task deleted since: nothing to restart.
    await ai.add("analysis.run", { taskId: "gone-task", locale: "en", summaryLanguage: "en" }, { jobId: "analysis.run__gone-task", attempts: 1 });
    await ai.add("document.import", { taskId: "doc-1", locale: "en" }, { jobId: "document.import__doc-1", attempts: 1 });
    // A real BullMQ worker that fails each job once.
    const connection = newRedisConnection();
    const failing = new Worker(queues.ai, async () => Promise.reject(new Error("provider down")), { connection, prefix: bullPrefix() });
    await waitFor("three failed jobs", async () => (await ai.getFailedCount()) >= 3);
    await failing.close();
    connection.disconnect();
    const o = out();
    expect(await runOpsCommand(["retry-failed", "analysis.run"], o.print)).toBe(0);
    expect(o.lines[0]).toBe("retried 1 failed job(s), skipped 1 whose task moved on");
    expect((await prisma.task.findUniqueOrThrow({ where: { id: failedTask } })).status).toBe("analyzing");
    expect(await (await ai.getJob(`analysis.run__${failedTask}`))!.getState()).toBe("waiting");
    expect(await (await ai.getJob("document.import__doc-1"))!.getState()).toBe("failed");
    // Kinds with no task state of their own go back to waiting as they are.
    expect(await runOpsCommand(["retry-failed", "document.import"], o.print)).toBe(0);
    expect(o.lines[1]).toBe("retried 1 failed job(s), skipped 0 whose task moved on");
    expect(await (await ai.getJob("document.import__doc-1"))!.getState()).toBe("waiting");
    expect(await runOpsCommand(["retry-failed", "no.such.kind"], o.print)).toBe(2);
    await ai.obliterate({ force: true });
  });

  it("purge-expired removes the files of expired media tools files now", async () => {
    const base = { tool: "extract", status: "completed", originalName: "a.mp4", originalSize: BigInt(10), originalFormat: "mp4", duration: 1 };
    const old = await prisma.processedMediaFile.create({ data: { ...base, downloadExpiresAt: new Date(Date.now() - 60_000) } });
    const fresh = await prisma.processedMediaFile.create({ data: { ...base, downloadExpiresAt: new Date(Date.now() + 3600_000) } });
    for (const f of [old, fresh]) await storage().putBytes(`tools/media/${f.id}/out.mp3`, "bytes", "audio/mpeg");
    const o = out();
    expect(await runOpsCommand(["purge-expired"], o.print)).toBe(0);
    expect(o.lines[0]).toMatch(/^expired 1 media tools file/);
    expect(await storage().exists(`tools/media/${old.id}/out.mp3`)).toBe(false);
    expect(await storage().exists(`tools/media/${fresh.id}/out.mp3`)).toBe(true);
    expect((await prisma.processedMediaFile.findUniqueOrThrow({ where: { id: old.id } })).status).toBe("expired");
  });

  it("drains a worker (its running job finishes, no new job starts), undrains it, and a request id reaches its log", async () => {
    const log = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tingji-ops-")), "worker.log");
    startWorkerProcess({ logLevel: "info", stderr: { file: log }, stdout: { file: log } });
    const [worker] = await waitFor("the worker to report", async () => {
      const live = await listWorkers();
      return live.length > 0 ? live : null;
    });
    expect(worker!.state).toBe("running");
    const stateOf = async () => (await listWorkers()).find((w) => w.name === worker!.name)?.state;

    // A minute of speech is being transcribed when the drain comes.
    const running = await uploadClip(user.token, "multi/pyannote_debug_dev00.wav");
    await waitFor("the transcription to start", async () => (await prisma.task.findUniqueOrThrow({ where: { id: running } })).status === "transcribing");
    const o = out();
    expect(await runOpsCommand(["drain", "--all"], o.print)).toBe(0);
    expect(o.lines[0]).toContain(`${worker!.name}: draining`);
    // A short running job can finish between two polls, so "drained" also shows that the drain began.
    await waitFor("the worker to start draining", async () => ["draining", "drained"].includes((await stateOf()) ?? ""), { timeoutMs: 15_000 });
    // The running job is not stopped: it completes, and only then is the worker drained.
    await waitFor("the running transcription to complete", async () => (await prisma.task.findUniqueOrThrow({ where: { id: running } })).status === "completed", { timeoutMs: 150_000 });
    await waitFor("the worker to drain", async () => (await stateOf()) === "drained", { timeoutMs: 15_000 });

    // Queued while drained: the job waits.
    const requestId = `ops-test-${Date.now()}`;
    const created = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text: "Alice: the drain test.\nBob: it waits." }, headers: { "x-request-id": requestId } });
    expect(created.code).toBe(200);
    const taskId = created.data.task.id;
    await sleep(6_000);
    expect((await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status).not.toBe("completed");

    expect(await runOpsCommand(["undrain", worker!.name], o.print)).toBe(0);
    await waitFor("the task to complete", async () => (await prisma.task.findUniqueOrThrow({ where: { id: taskId } })).status === "completed", { timeoutMs: 60_000 });
    await waitFor("the worker to report running", async () => (await stateOf()) === "running", { timeoutMs: 10_000 });
    // The worker logged the job under the request's id. The task is marked completed inside the job, a moment
    // before the runner logs "done", so the line is waited for rather than read at once.
    const loggedDone = () =>
      fs.readFileSync(log, "utf8").split("\n").filter((l) => l.includes(requestId))
        .some((l) => (JSON.parse(l) as { msg: string }).msg === "document.import done");
    await waitFor("the worker to log the job as done", async () => loggedDone() || null, { timeoutMs: 10_000 });

    // Both runs show in the metrics, the speech engine's real-time factor too.
    const res = await raw(metricsRoute, "/api/metrics", { token: METRICS_TOKEN });
    expect(res.text).toMatch(/tingji_job_duration_seconds_count\{kind="document\.import"\} [1-9]/);
    expect(res.text).toMatch(/tingji_job_duration_seconds_count\{kind="transcription\.run"\} [1-9]/);
    expect(res.text).toMatch(/tingji_speech_real_time_factor\{engine="[^"]+"\} \d/);
    expect(res.text).toMatch(/tingji_tasks\{status="completed"\} [2-9]/);
  }, 300_000);
});
