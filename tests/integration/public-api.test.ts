import "./public-api.env";
import path from "node:path";
import { NextRequest } from "next/server";
import { DELETE as deleteKey } from "@/app/api/mcp/keys/[id]/route";
import { POST as createKey } from "@/app/api/mcp/keys/route";
import { GET as listTasks, POST as upload } from "@/app/api/v1/tasks/route";
import { POST as createText } from "@/app/api/v1/tasks/text/route";
import { DELETE as deleteTask, GET as status } from "@/app/api/v1/tasks/[id]/route";
import { POST as start } from "@/app/api/v1/tasks/[id]/start/route";
import { GET as transcript } from "@/app/api/v1/tasks/[id]/transcript/route";
import { GET as summary } from "@/app/api/v1/tasks/[id]/summary/route";
import { GET as mindMap } from "@/app/api/v1/tasks/[id]/mind-map/route";
import { GET as chapters } from "@/app/api/v1/tasks/[id]/chapters/route";
import { POST as askSummary } from "@/app/api/v1/tasks/[id]/summary/route";
import { runAnalysis } from "@/lib/analysis/analysis.service";
import { GET as translation } from "@/app/api/v1/tasks/[id]/translations/[language]/route";
import { prisma } from "@/lib/server/prisma";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// The public API (/api/v1) with API keys: scopes, revocation, another user's key, idempotent creates,
// per-key rate limits with RateLimit headers (docs/api.md "Public API").
jest.setTimeout(90_000);

type User = Awaited<ReturnType<typeof signIn>>;
let a: User;
let b: User;
let readKeyA: string;
let writeKeyA: string;
let keyB: string;
let seeded: string;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
async function makeKey(token: string, scopes: string[]) {
  return (await call<{ key: string; item: { id: string; scopes: string[] } }>(createKey, { token, json: { name: `k-${scopes.join("+")}`, scopes } })).data;
}

beforeAll(async () => {
  await setupTestDatabase();
  [a, b] = [await signIn("api-a"), await signIn("api-b")];
  const free = await call(createKey, { token: a.token, json: { name: "free", scopes: ["read"] } });
  expect(free.data).toMatchObject({ error: "mcp.proRequired" });
  await prisma.user.updateMany({ where: { id: { in: [a.userId, b.userId] } }, data: { planCode: "pro" } });
  readKeyA = (await makeKey(a.token, ["read"])).key;
  writeKeyA = (await makeKey(a.token, ["read", "write"])).key;
  keyB = (await makeKey(b.token, ["read", "write"])).key;
  seeded = await seedTranscribedTask(a.userId, "Launch review", MEETING);
  await prisma.task.update({ where: { id: seeded }, data: { status: "analysis_completed", summary: "# Launch review\n\n## Battery\n- Fix the drain\n", summaryLanguage: "en", mindMap: { content: "Launch review", children: [{ content: "Battery", children: [] }] } } });
});

test("the transcript comes as JSON with speakers and times, or as an export file", async () => {
  const res = await call<{ speakers: { id: string; name: string }[]; segments: { begin_ms: number; end_ms: number; speaker: string; text: string }[] }>(transcript, { headers: bearer(readKeyA), params: { id: seeded } });
  expect(res.code).toBe(200);
  expect(res.data.segments.map((s) => s.text)).toEqual(MEETING.map((l) => l.text));
  expect(res.data.segments.map((s) => s.begin_ms)).toEqual(MEETING.map((l) => l.at * 1000));
  expect(res.data.segments.map((s) => s.speaker)).toEqual(MEETING.map((l) => `Speaker ${l.speaker + 1}`));
  const url = new URL(`http://localhost:3000/api/v1/tasks/${seeded}/transcript?format=srt`);
  const srt = await transcript(new NextRequest(url, { headers: { ...bearer(readKeyA), "x-locale": "en" } }), { params: Promise.resolve({ id: seeded }) });
  expect(srt.status).toBe(200);
  const text = await srt.text();
  expect(text).toContain("00:00:08,000 --> ");
  expect(text).toContain("The beta test finished last week");
  expect(srt.headers.get("ratelimit")).toMatch(/^"per-key";r=\d+;t=\d+$/);
  expect(srt.headers.get("ratelimit-policy")).toBe('"per-key";q=25;w=60');
  expect((await call<{ summary: string }>(summary, { headers: bearer(readKeyA), params: { id: seeded } })).data.summary).toContain("Fix the drain");
  expect((await call<{ mind_map: { children: { content: string }[] } }>(mindMap, { headers: bearer(readKeyA), params: { id: seeded } })).data.mind_map.children[0]!.content).toBe("Battery");
  expect((await call(translation, { headers: bearer(readKeyA), params: { id: seeded, language: "de" } })).data).toBeNull();
  const list = await call<{ items: { id: string }[] }>(listTasks, { headers: bearer(readKeyA) });
  expect(list.data.items.map((t) => t.id)).toContain(seeded);
  const found = await call<{ items: { taskId: string }[] }>(listTasks, { headers: bearer(readKeyA), query: { q: "battery drain" } });
  expect(found.data.items.map((h) => h.taskId)).toContain(seeded);
});

test("chapters start at the meeting's own line times, and its to-do names who, when and where it was said", async () => {
  const id = await seedTranscribedTask(a.userId, "Launch review", MEETING);
  const before = await call<{ chapters: unknown }>(chapters, { headers: bearer(readKeyA), params: { id } });
  expect(before.data.chapters).toBeNull();
  expect((await call(askSummary, { headers: bearer(writeKeyA), params: { id }, json: {} })).code).toBe(200);
  await runAnalysis(id, { summaryLanguage: "en" }); // the worker's part, here in the test
  type Chapters = { chapters: { begin_ms: number; end_ms: number; title: string }[]; todos: { text: string; owner: string; due: string; begin_ms: number }[]; speakers: { speaker: string }[] };
  const res = await call<Chapters>(chapters, { headers: bearer(readKeyA), params: { id } });
  expect(res.code).toBe(200);
  const lineTimes = MEETING.map((l) => l.at * 1000);
  expect(res.data.chapters.length).toBeGreaterThan(0);
  expect(res.data.chapters[0]!.begin_ms).toBe(0);
  for (const c of res.data.chapters) expect(lineTimes).toContain(c.begin_ms);
  for (const [k, c] of res.data.chapters.slice(1).entries()) expect(res.data.chapters[k]!.end_ms).toBe(c.begin_ms);
  // "Agreed. Maria will send the battery report to the engineering team by Friday." is said at 0:41.
  expect(res.data.todos.find((x) => x.text.includes("battery report"))).toMatchObject({ owner: "Maria", due: "by Friday", begin_ms: 41_000 });
  expect(res.data.speakers.length).toBe(3);
  const stranger = await call(chapters, { headers: bearer(keyB), params: { id } });
  expect({ code: stranger.code, error: (stranger.data as { error?: string }).error }).toEqual({ code: 404, error: "tasks.notFound" });
});

test("a read key cannot write; another user's key never reads or changes a task", async () => {
  const refused = await call(createText, { headers: bearer(readKeyA), json: { text: "Hello there, general." } });
  expect(refused.status).toBe(403);
  expect(refused.data).toMatchObject({ error: "apiKeys.scopeMissing" });
  for (const handler of [status, transcript, summary, mindMap, chapters]) {
    const res = await call(handler, { headers: bearer(keyB), params: { id: seeded } });
    expect({ code: res.code, error: (res.data as { error?: string }).error }).toEqual({ code: 404, error: "tasks.notFound" });
    expect(JSON.stringify(res)).not.toContain("battery");
  }
  expect((await call(deleteTask, { method: "DELETE", headers: bearer(keyB), params: { id: seeded } })).code).toBe(404);
  expect((await call(start, { headers: bearer(keyB), params: { id: seeded } })).code).toBe(404);
  const listB = await call<{ items: { id: string }[] }>(listTasks, { headers: bearer(keyB) });
  expect(listB.data.items.map((t) => t.id)).not.toContain(seeded);
});

test("a revoked key gets 401 at once", async () => {
  const made = await makeKey(a.token, ["read"]);
  expect((await call(status, { headers: bearer(made.key), params: { id: seeded } })).code).toBe(200);
  expect((await call(deleteKey, { method: "DELETE", token: a.token, params: { id: made.item.id } })).code).toBe(200);
  const after = await call(status, { headers: bearer(made.key), params: { id: seeded } });
  expect(after.status).toBe(401);
  expect(after.data).toMatchObject({ error: "common.unauthorized" });
  // A key whose owner lost Pro is refused as well, on the next call.
  const other = await makeKey(b.token, ["read"]);
  await prisma.user.update({ where: { id: b.userId }, data: { planCode: "free" } });
  expect((await call(listTasks, { headers: bearer(other.key) })).status).toBe(401);
  await prisma.user.update({ where: { id: b.userId }, data: { planCode: "pro" } });
});

test("a retried create with the same Idempotency-Key makes one task and one charge, also when sent at once", async () => {
  const charges = () => prisma.usageCharge.count({ where: { userId: a.userId } });
  const tasks = () => prisma.task.count({ where: { userId: a.userId } });
  const [tasksBefore, chargesBefore] = [await tasks(), await charges()];
  const body = { title: "Idempotent memo", text: "One paragraph that should become exactly one task." };
  const headers = { ...bearer(writeKeyA), "idempotency-key": "create-memo-1" };
  const together = await Promise.all([0, 1, 2].map(() => call<{ task: { id: string } }>(createText, { headers, json: body })));
  const made = together.filter((r) => r.code === 200);
  expect(made.length).toBeGreaterThanOrEqual(1);
  for (const r of together.filter((x) => x.code !== 200)) expect(r.data).toMatchObject({ error: "idempotency.inProgress" });
  const retry = await call<{ task: { id: string } }>(createText, { headers, json: body });
  expect(retry.data.task.id).toBe(made[0]!.data.task.id);
  for (const r of made) expect(r.data.task.id).toBe(made[0]!.data.task.id);
  expect(await tasks()).toBe(tasksBefore + 1);
  expect(await charges()).toBe(chargesBefore + 1);
  // The same key with another body is refused, not replayed.
  const reused = await call(createText, { headers, json: { text: "Something else entirely here." } });
  expect(reused.data).toMatchObject({ error: "idempotency.keyReused" });

  // Uploads too: the multipart create, retried, makes one task.
  const form = () => formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav"), type: "audio/wav" }], { start: "false" });
  const up = { ...bearer(writeKeyA), "idempotency-key": "upload-jfk-1" };
  const first = await call<{ tasks: { id: string; status: string; duration: number }[] }>(upload, { headers: up, form: await form() });
  expect(first.code).toBe(200);
  expect(first.data.tasks[0]!.status).toBe("not_started");
  expect(first.data.tasks[0]!.duration).toBeCloseTo(11, 0);
  const second = await call<{ tasks: { id: string }[] }>(upload, { headers: up, form: await form() });
  expect(second.data.tasks[0]!.id).toBe(first.data.tasks[0]!.id);
  expect(await tasks()).toBe(tasksBefore + 2);
});

test("past the per-key limit: 429 with Retry-After and RateLimit headers", async () => {
  const key = (await makeKey(a.token, ["read"])).key;
  let last: Response | undefined;
  for (let i = 0; i < 30; i++) {
    last = await status(new NextRequest(new URL(`http://localhost:3000/api/v1/tasks/${seeded}`), { headers: { ...bearer(key), "x-locale": "en" } }), { params: Promise.resolve({ id: seeded }) });
    if (last.status === 429) break;
  }
  expect(last!.status).toBe(429);
  expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(last!.headers.get("ratelimit")).toMatch(/^"per-key";r=0;t=\d+$/);
  expect(((await last!.json()) as { data: { error: string } }).data.error).toBe("common.rateLimited");
});
