import "./analysis-local.env";
import { Worker } from "bullmq";
import { NextRequest } from "next/server";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { PUT as tick } from "@/app/api/transcription/tasks/[id]/todos/route";
import { GET as exportFile } from "@/app/api/transcription/tasks/[id]/export/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import type { MindMapNode, Outline } from "@/lib/analysis/types";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runAnalysisJob } from "@/workers/analysis";
import { shortChapterRecordings } from "@/bench/lib/chapter-recordings";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Chapters, per-speaker summaries and to-dos through the real analysis job (local analyzer),
// stored with the task, shown in the summary, the mind map and the TXT export; ticks kept.
jest.setTimeout(90_000);

interface TaskJson {
  id: string;
  status: string;
  summary: string | null;
  mindMap: MindMapNode | null;
  outline: Outline | null;
}

let worker: Worker;
let connection: ReturnType<typeof newRedisConnection>;
let owner: Awaited<ReturnType<typeof signIn>>;
let stranger: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("chapters-owner");
  stranger = await signIn("chapters-stranger");
  connection = newRedisConnection();
  worker = new Worker(queues.ai, runAnalysisJob, { connection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
});

async function analysed(id: string, regenerate = false): Promise<TaskJson> {
  const started = await call(analyze, { token: owner.token, params: { id }, json: { regenerate } });
  expect(started.code).toBe(200);
  for (let i = 0; i < 600; i++) {
    const task = (await call<TaskJson>(getTask, { token: owner.token, params: { id } })).data;
    if (!["analyzing", "regenerating"].includes(task.status)) return task;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error("analysis did not settle");
}

/** A corpus-built recording straight into the database, one timeline entry per reference piece. */
async function seedRecording() {
  const r = shortChapterRecordings()[0]!;
  const task = await prisma.task.create({ data: { userId: owner.userId, title: "Corpus sources", status: "completed", source: "upload", duration: Math.round(r.durationMs / 1000), language: "en" }, select: { id: true } });
  await prisma.timelineEntry.createMany({ data: r.passages.map((p, i) => ({ taskId: task.id, position: i, begin: p.begin, end: p.end, text: p.text })) });
  return { id: task.id, joins: r.joins };
}

const nodeTexts = (n: MindMapNode): string[] => [n.content, ...n.children.flatMap(nodeTexts)];

test("chapters start at the corpus joins and lead the summary, the mind map and the TXT export", async () => {
  const { id, joins } = await seedRecording();
  const task = await analysed(id);
  expect(task.status).toBe("analysis_completed");
  const chapters = task.outline!.chapters;
  expect(chapters.length).toBeGreaterThanOrEqual(2);
  for (const c of chapters.slice(1)) expect(joins.some((j) => Math.abs(j - c.begin!) <= 10_000)).toBe(true);
  // Chapters come right after the title line.
  expect(task.summary!.split("\n\n")[1]).toBe("## Chapters");
  expect(nodeTexts(task.mindMap!)).toContain("Chapters");
  const txt = await exportFile(new NextRequest(`http://localhost/api/transcription/tasks/${id}/export?format=txt`, { headers: { authorization: `Bearer ${owner.token}`, "x-locale": "en" } }), { params: Promise.resolve({ id }) });
  const body = await txt.text();
  expect(body).toContain(`00:00  ${chapters[0]!.title}`);
});

test("to-dos are ticked by the owner, kept across reloads and across re-summarising; a stranger sees nothing", async () => {
  const id = await seedTranscribedTask(owner.userId, "Launch review", MEETING);
  const task = await analysed(id);
  const maria = task.outline!.todos.find((x) => x.text.includes("battery report"))!;
  expect(maria).toMatchObject({ owner: "Maria", due: "by Friday", begin: 41_000, done: false });
  expect(task.outline!.speakers.map((s) => s.speaker)).toEqual(expect.arrayContaining(["Speaker 1", "Speaker 2", "Speaker 3"]));

  const ok = await call(tick, { token: owner.token, params: { id }, method: "PUT", json: { todo_id: maria.id, done: true } });
  expect(ok).toMatchObject({ code: 200, data: { id: maria.id, done: true } });
  const reloaded = (await call<TaskJson>(getTask, { token: owner.token, params: { id } })).data;
  expect(reloaded.outline!.todos.find((x) => x.id === maria.id)!.done).toBe(true);

  const refused = await call(tick, { token: stranger.token, params: { id }, method: "PUT", json: { todo_id: maria.id, done: false } });
  expect(refused.code).toBe(404);
  expect((await call<TaskJson>(getTask, { token: owner.token, params: { id } })).data.outline!.todos.find((x) => x.id === maria.id)!.done).toBe(true);
  const unknown = await call(tick, { token: owner.token, params: { id }, method: "PUT", json: { todo_id: "todo-99", done: true } });
  expect(unknown.data).toMatchObject({ error: "analysis.todoNotFound" });

  // Re-summarised: the to-dos are made again, and the one the owner ticked stays ticked.
  const again = await analysed(id, true);
  expect(again.outline!.todos.find((x) => x.text === maria.text)!.done).toBe(true);
  expect(again.outline!.todos.filter((x) => x.text !== maria.text).every((x) => !x.done)).toBe(true);
});
