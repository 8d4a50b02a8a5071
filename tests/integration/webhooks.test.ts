import { AI_PORT, CANARY_PORT, RECEIVER_PORT } from "./webhooks.env";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Worker, type Job } from "bullmq";
import { Webhook } from "standardwebhooks";
import { POST as createKey } from "@/app/api/mcp/keys/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/v1/webhooks/route";
import { POST as sendTest } from "@/app/api/v1/webhooks/[id]/test/route";
import { GET as listDeliveries } from "@/app/api/v1/webhooks/[id]/deliveries/route";
import { POST as resend } from "@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/resend/route";
import { POST as enable } from "@/app/api/v1/webhooks/[id]/enable/route";
import { POST as createText } from "@/app/api/v1/tasks/text/route";
import { GET as transcript } from "@/app/api/v1/tasks/[id]/transcript/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { openApiDocument } from "@/lib/public-api/openapi";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection } from "@/lib/server/redis";
import { attemptDelivery } from "@/lib/webhooks/deliver";
import { emitEvent } from "@/lib/webhooks/emit";
import { webhookPayloads } from "@/lib/webhooks/webhooks.schema";
import { runDocumentImportJob } from "@/workers/transcription";
import { runAnalysisJob, runTranslationJob } from "@/workers/analysis";
import { POST as askTranslation } from "@/app/api/v1/tasks/[id]/translations/route";
import { GET as getTranslation } from "@/app/api/v1/tasks/[id]/translations/[language]/route";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/helpers/fake-openai";
import { markTranscriptionFailed } from "@/lib/tasks/pipeline";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { POST as askSummary } from "@/app/api/v1/tasks/[id]/summary/route";
import { runWebhookDeliveryJob } from "@/workers/webhooks";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { listenOn } from "@/tests/helpers/ports";
import { signIn } from "@/tests/helpers/users";
import { sleep, waitFor } from "@/tests/helpers/wait";

// Webhooks end to end: real BullMQ workers deliver to a loopback receiver that verifies every
// signature with the standardwebhooks package itself (docs/api.md "Webhooks").
jest.setTimeout(90_000);

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}
type User = Awaited<ReturnType<typeof signIn>>;

let a: User;
let key: string;
const received: Received[] = [];
const canaryHits: string[] = [];
/** Per path: how many tries to fail before answering 200 (the rest are answered 204). */
const failFirst = new Map<string, number>();
let receiver: http.Server;
let canary: http.Server;
let ai: FakeOpenAi;
const workers: Worker[] = [];
const connections: ReturnType<typeof newRedisConnection>[] = [];

const receiverUrl = (p: string) => `http://127.0.0.1:${RECEIVER_PORT}${p}`;
const auth = () => ({ authorization: `Bearer ${key}` });

beforeAll(async () => {
  await setupTestDatabase();
  a = await signIn("hooks-a");
  await prisma.user.update({ where: { id: a.userId }, data: { planCode: "pro" } });
  key = (await call<{ key: string }>(createKey, { token: a.token, json: { name: "hooks", scopes: ["read", "write"] } })).data.key;
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const left = failFirst.get(req.url ?? "") ?? 0;
      if (left > 0) {
        failFirst.set(req.url ?? "", left - 1);
        res.writeHead(500).end("not now");
      } else res.writeHead(204).end();
    });
  });
  await listenOn(receiver, RECEIVER_PORT);
  canary = http.createServer((req, res) => {
    canaryHits.push(req.url ?? "");
    res.writeHead(200).end();
  });
  await listenOn(canary, CANARY_PORT);
  ai = await startFakeOpenAi({ port: AI_PORT });
  // The "ai" queue carries document imports, summaries and translations.
  const aiJobs = (job: Job) => (job.name === "analysis.run" ? runAnalysisJob(job) : job.name === "translation.run" ? runTranslationJob(job) : runDocumentImportJob(job));
  for (const [name, run] of [[queues.webhooks, runWebhookDeliveryJob], [queues.ai, aiJobs]] as const) {
    const connection = newRedisConnection();
    connections.push(connection);
    workers.push(new Worker(name, run, { connection, prefix: bullPrefix(), concurrency: 4 }));
  }
});

afterAll(async () => {
  await Promise.all(workers.map((w) => w.close()));
  for (const c of connections) c.disconnect();
  await new Promise((r) => receiver?.close(r));
  await new Promise((r) => canary?.close(r));
  await ai?.close();
});

async function addEndpoint(p: string, events: string[]) {
  const made = await call<{ item: { id: string }; secret: string }>(createWebhook, { headers: auth(), json: { url: receiverUrl(p), events } });
  expect(made.code).toBe(200);
  return made.data;
}

/** Verifies with the package a receiver would use; throws on a bad signature. */
function verified(r: Received, secret: string) {
  return new Webhook(secret).verify(r.body, { "webhook-id": String(r.headers["webhook-id"]), "webhook-timestamp": String(r.headers["webhook-timestamp"]), "webhook-signature": String(r.headers["webhook-signature"]) }) as { type: string; timestamp: string; data: unknown };
}

test("task.completed arrives once, signed, in the documented form; the transcript it points to is readable", async () => {
  const { secret, item } = await addEndpoint("/done", ["task.completed", "task.failed"]);
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  // The secret is in the create answer only.
  expect(JSON.stringify((await call(listWebhooks, { headers: auth() })).data)).not.toContain(secret);

  const made = await call<{ task: { id: string } }>(createText, { headers: auth(), json: { title: "Webhook memo", text: "First paragraph about the launch.\n\nSecond paragraph about the budget." } });
  expect(made.code).toBe(200);
  const taskId = made.data.task.id;
  const hits = await waitFor("task.completed at the receiver", async () => (received.filter((r) => r.path === "/done").length > 0 ? received.filter((r) => r.path === "/done") : null), { timeoutMs: 30_000, everyMs: 100 });
  await sleep(500);
  expect(received.filter((r) => r.path === "/done")).toHaveLength(1);
  const event = verified(hits[0]!, secret);
  expect(event.type).toBe("task.completed");
  // The body is what the OpenAPI document's webhook section describes (the same zod schema).
  const data = webhookPayloads["task.completed"].parse(event.data);
  expect(data).toMatchObject({ task_id: taskId, title: "Webhook memo", status: "completed" });
  const doc = openApiDocument("http://127.0.0.1:3000") as { webhooks?: Record<string, unknown> };
  expect(Object.keys(doc.webhooks ?? {})).toEqual(expect.arrayContaining(["task.completed", "task.failed", "summary.completed", "translation.completed", "live.ended"]));
  // A tampered body fails verification.
  expect(() => verified({ ...hits[0]!, body: hits[0]!.body.replace("Webhook memo", "Webhook mem0") }, secret)).toThrow();

  const url = new URL(data.transcript_url);
  expect(url.pathname).toBe(`/api/v1/tasks/${taskId}/transcript`);
  const text = await call<{ text: string; segments: { text: string }[] }>(transcript, { headers: auth(), params: { id: taskId } });
  expect(text.data.segments.map((s) => s.text)).toEqual(["First paragraph about the launch.", "Second paragraph about the budget."]);

  const log = await call<{ items: { eventType: string; status: string; responseStatus: number; responseMs: number }[] }>(listDeliveries, { headers: auth(), params: { id: item.id } });
  expect(log.data.items).toEqual([expect.objectContaining({ eventType: "task.completed", status: "delivered", responseStatus: 204 })]);
  expect(log.data.items[0]!.responseMs).toBeGreaterThanOrEqual(0);
});

test("asking for a summary through the API ends in summary.completed", async () => {
  const { secret } = await addEndpoint("/summary", ["summary.completed"]);
  const made = await call<{ task: { id: string } }>(createText, {
    headers: auth(),
    json: { title: "Budget meeting", text: "# Budget\n\nThe marketing budget for the launch is fifty thousand dollars.\n\n# Timeline\n\nThe launch moves to March after the battery fix." },
  });
  const taskId = made.data.task.id;
  await waitFor("the import", async () => (await prisma.task.findUnique({ where: { id: taskId } }))?.status === "completed", { timeoutMs: 20_000, everyMs: 100 });
  const asked = await call<{ status: string }>(askSummary, { headers: auth(), params: { id: taskId }, json: {} });
  expect(asked.data.status).toBe("analyzing");
  const hit = await waitFor("summary.completed", async () => received.find((r) => r.path === "/summary"), { timeoutMs: 30_000, everyMs: 100 });
  const event = verified(hit, secret);
  expect(event.type).toBe("summary.completed");
  const data = webhookPayloads["summary.completed"].parse(event.data);
  expect(data).toMatchObject({ task_id: taskId, status: "analysis_completed" });
  expect(new URL(data.summary_url).pathname).toBe(`/api/v1/tasks/${taskId}/summary`);
});

test("asking for a translation through the API ends in translation.completed, and the translation it points to is there", async () => {
  const { secret } = await addEndpoint("/translated", ["translation.completed"]);
  const taskId = await seedTranscribedTask(a.userId, "Launch review", MEETING);
  const asked = await call<{ status: string }>(askTranslation, { headers: auth(), params: { id: taskId }, json: { target_language: "de" } });
  expect(asked.data.status).toBe("translating");
  const hit = await waitFor("translation.completed", async () => received.find((r) => r.path === "/translated"), { timeoutMs: 30_000, everyMs: 100 });
  await sleep(300);
  expect(received.filter((r) => r.path === "/translated")).toHaveLength(1);
  const event = verified(hit, secret);
  expect(event.type).toBe("translation.completed");
  const data = webhookPayloads["translation.completed"].parse(event.data);
  expect(data).toMatchObject({ task_id: taskId, target_language: "de" });
  expect(new URL(data.translation_url).pathname).toBe(`/api/v1/tasks/${taskId}/translations/de`);
  const got = await call<{ status: string; timeline: { begin: number; text: string }[] }>(getTranslation, { headers: auth(), params: { id: taskId, language: "de" } });
  expect(got.data.status).toBe("translation_completed");
  // Each line keeps the meeting's own time: Maria's promise is said at 0:41.
  expect(got.data.timeline[5]).toMatchObject({ begin: 41_000, text: expect.stringContaining("Maria will send the battery report") });
});

test("a transcription's final failure ends in task.failed, once", async () => {
  const { secret } = await addEndpoint("/failed", ["task.failed"]);
  const taskId = await seedTranscribedTask(a.userId, "Silent recording", [], "transcribing");
  const ctx = { locale: "en", attempts: 1, requestId: "test" };
  await markTranscriptionFailed(taskId, new PermanentTaskError("no_speech", ["checkSpeech"]), ctx);
  // Recorded twice (the failed listener and the sweep may both see it): one event.
  await markTranscriptionFailed(taskId, new PermanentTaskError("no_speech", ["checkSpeech"]), ctx);
  const hit = await waitFor("task.failed", async () => received.find((r) => r.path === "/failed"), { timeoutMs: 20_000, everyMs: 100 });
  await sleep(500);
  expect(received.filter((r) => r.path === "/failed")).toHaveLength(1);
  const data = webhookPayloads["task.failed"].parse(verified(hit, secret).data);
  expect(data).toMatchObject({ task_id: taskId, status: "failed", error_code: "no_speech" });
});

test("a receiver that fails twice gets the third try, with the same webhook-id; send again re-sends it", async () => {
  const { item, secret } = await addEndpoint("/flaky", ["summary.completed"]);
  failFirst.set("/flaky", 2);
  const test = await call<{ id: string }>(sendTest, { headers: auth(), params: { id: item.id } });
  expect(test.code).toBe(200);
  const log = await waitFor("the third try", async () => {
    const d = await prisma.webhookDelivery.findUnique({ where: { id: test.data.id } });
    return d?.status === "delivered" ? d : null;
  }, { timeoutMs: 20_000, everyMs: 50 });
  expect(log.attempts).toBe(3);
  const tries = received.filter((r) => r.path === "/flaky");
  expect(tries).toHaveLength(3);
  expect(new Set(tries.map((r) => r.headers["webhook-id"])).size).toBe(1);
  for (const t of tries) expect(verified(t, secret).type).toBe("webhook.test");

  const again = await call<{ id: string }>(resend, { headers: auth(), params: { id: item.id, deliveryId: test.data.id } });
  expect(again.code).toBe(200);
  await waitFor("the re-sent event", async () => received.filter((r) => r.path === "/flaky").length === 4, { timeoutMs: 10_000, everyMs: 50 });
  expect(received.filter((r) => r.path === "/flaky")[3]!.headers["webhook-id"]).toBe(tries[0]!.headers["webhook-id"]);
});

test("private, loopback and link-local addresses are refused at save, and at send nothing reaches them", async () => {
  for (const url of ["http://10.0.0.8/hook", "http://192.168.1.20/hook", "http://169.254.169.254/latest", `http://127.0.0.1:${CANARY_PORT}/hook`, "http://[::1]:8080/hook", "http://localhost/hook", "ftp://example.com/hook", "http://user:pw@example.com/"]) {
    const res = await call(createWebhook, { headers: auth(), json: { url, events: ["task.completed"] } });
    expect({ url, error: (res.data as { error?: string }).error }).toEqual({ url, error: "webhooks.urlRefused" });
  }
  // At send: an endpoint whose address became private after it was saved (a DNS change) is refused before any request.
  const row = await prisma.webhookEndpoint.create({ data: { userId: a.userId, url: `http://127.0.0.1:${CANARY_PORT}/late`, events: ["task.completed"], secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}` } });
  await emitEvent(a.userId, "task.completed", { task_id: "t", title: "x", status: "completed", duration: 1, transcript_url: "http://127.0.0.1:3000/x" });
  const d = await waitFor("the refused delivery", async () => {
    const found = await prisma.webhookDelivery.findFirst({ where: { endpointId: row.id } });
    return found?.status === "failed" ? found : null;
  }, { timeoutMs: 10_000, everyMs: 50 });
  expect(d.attempts).toBe(1);
  expect(d.error).toMatch(/not public/);
  expect(canaryHits).toEqual([]);
  await prisma.webhookEndpoint.delete({ where: { id: row.id } });
});

test("an endpoint that keeps failing is switched off and its owner is mailed; it can be switched on again", async () => {
  const { item } = await addEndpoint("/down", ["translation.completed"]);
  failFirst.set("/down", 1000);
  for (let i = 0; i < 3; i++) await emitEvent(a.userId, "translation.completed", { task_id: `t${i}`, target_language: "de", translation_url: "http://127.0.0.1:3000/x" });
  const off = await waitFor("the endpoint switched off", async () => {
    const e = await prisma.webhookEndpoint.findUnique({ where: { id: item.id } });
    return e && !e.enabled ? e : null;
  }, { timeoutMs: 20_000, everyMs: 100 });
  expect(off.disabledAt).not.toBeNull();
  const outbox = path.join(process.env.DATA_DIR ?? path.join(process.cwd(), "var"), "outbox");
  const readMail = (f: string) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(outbox, f), "utf8")) as { subject: string; text: string };
    } catch {
      return null; // still being written
    }
  };
  const notice = await waitFor("the switched-off mail", async () => {
    const mails = fs.readdirSync(outbox).filter((f) => f.includes(a.email.replace(/[^a-z0-9@._-]/gi, "_"))).map(readMail);
    return mails.find((m) => m?.subject === "A webhook endpoint was switched off");
  }, { timeoutMs: 5_000, everyMs: 50 });
  expect(notice!.text).toContain(receiverUrl("/down"));
  // Switched off: a new event makes no delivery for it.
  const before = await prisma.webhookDelivery.count({ where: { endpointId: item.id } });
  await emitEvent(a.userId, "translation.completed", { task_id: "t9", target_language: "de", translation_url: "http://127.0.0.1:3000/x" });
  expect(await prisma.webhookDelivery.count({ where: { endpointId: item.id } })).toBe(before);
  const on = await call<{ enabled: boolean }>(enable, { headers: auth(), params: { id: item.id } });
  expect(on.data.enabled).toBe(true);
});

test("a delivery try for a deleted delivery or endpoint does nothing", async () => {
  expect(await attemptDelivery("no-such-delivery", { final: true })).toBe("skipped");
});
