import { OWN_S3, OWN_S3_PORT } from "./two-workers.env";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { Queue, type Job } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { mediaFolder } from "@/lib/tasks/task-files";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { docxArchive, wParagraph } from "@/tests/helpers/docx-fixtures";
import { startLoopbackS3, type LoopbackS3 } from "@/tests/helpers/loopback-s3";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// Two real worker processes, as on two machines: each its own DATA_DIR and scratch folder, this
// process (the web) a third; the only thing they share besides PostgreSQL and Redis is S3. A mix of
// uploads, documents, pasted text and analyses must each complete exactly once.
// Generous: two workers start with tsx on a busy 2-core machine while other suites run.
jest.setTimeout(480_000);

type TaskJson = { id: string; status: string; source: string; timeline: { text: string }[]; completedSteps?: string[] };
let s3: LoopbackS3 | undefined;
let tmp: string;
const machines = ["a", "b"].map((name) => ({ name, dir: "", log: "", child: undefined as ChildProcess | undefined }));
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  if (OWN_S3) s3 = await startLoopbackS3({ port: OWN_S3_PORT, bucket: "two-workers" });
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-two-workers-"));
  [alice, bob] = [await signIn("alice-scale"), await signIn("bob-scale")];
  for (const m of machines) {
    m.dir = path.join(tmp, `machine-${m.name}`);
    m.log = path.join(tmp, `worker-${m.name}.log`);
    fs.mkdirSync(m.dir, { recursive: true });
    m.child = startWorkerProcess({
      env: { DATA_DIR: path.join(m.dir, "data"), WORKER_SCRATCH_DIR: path.join(m.dir, "scratch"), SPEECH_PARALLELISM: "1" },
      logLevel: "info",
      stderr: { file: m.log },
      stdout: { file: m.log },
    });
  }
  // Both are up before any job exists, so both get work.
  for (const m of machines) {
    await waitFor(`worker ${m.name} started`, async () => fs.readFileSync(m.log, "utf8").includes('"worker started"'), { timeoutMs: 150_000 }).catch((e: Error) => {
      throw new Error(`${e.message}; its log:\n${fs.readFileSync(m.log, "utf8").slice(-2000)}`);
    });
  }
});

afterAll(async () => {
  await stopWorkers();
  await s3?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The tail of both workers' logs, for a failure message. */
const workerLogs = () => machines.map((m) => `--- worker ${m.name}:\n${fs.existsSync(m.log) ? fs.readFileSync(m.log, "utf8").slice(-3000) : ""}`).join("\n");

async function settle(token: string, id: string, done = ["completed"]): Promise<TaskJson> {
  let last = "";
  return waitFor(`task ${id} settled`, async () => {
    const t = (await call<TaskJson>(getTask, { token, params: { id } })).data;
    last = t.status;
    if (t.status === "failed") throw new Error(`task ${id} failed: ${JSON.stringify(t)}\n${workerLogs()}`);
    return done.includes(t.status) ? t : undefined;
  }, { timeoutMs: 300_000, everyMs: 250 }).catch((e: Error) => {
    throw new Error(`${e.message} (last status ${last})\n${workerLogs()}`);
  });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

test("a mix of uploads, documents, pasted text and analyses runs on two workers sharing only S3, each job exactly once", async () => {
  const clips = ["single/en_LDC93S1.wav", "single/en_LJ001-0002.wav", "single/en_cards_005.wav", "single/en_LJ002-0020.wav"];
  const txt = path.join(tmp, "notes.txt");
  fs.writeFileSync(txt, "Planning notes\n\nThe budget is fifty thousand dollars.\n\nMaria sends the report on Friday.");
  const docx = path.join(tmp, "plan.docx");
  fs.writeFileSync(docx, docxArchive([wParagraph("Launch plan", { style: "Heading1" }), wParagraph("We launch the app in March.")].join("")));

  // Everything is sent at once, from two users (one file per request: several at once is a Pro feature): the workers race for it.
  type Created = { tasks: { id: string }[] };
  const upload = async (u: typeof alice, file: string) => call<Created>(create, { token: u.token, form: await formWithFiles([{ path: file }]) });
  const document = async (u: typeof alice, file: string) => call<Created>(createDocument, { token: u.token, form: await formWithFiles([{ path: file }]) });
  const paste = (u: typeof alice, text: string) => call<{ task: { id: string } }>(pasteText, { token: u.token, json: { text } });
  const owners = [alice, alice, bob, bob];
  const [uploads, docs, pasted] = await Promise.all([
    Promise.all(clips.map((c, i) => upload(owners[i]!, path.join(CORPUS, c)))),
    Promise.all([document(bob, txt), document(alice, docx)]),
    Promise.all([paste(alice, "The team agreed to ship on Monday.\n\nAlex will write the release notes."), paste(bob, "Sales grew in spring.\n\nWe hire two engineers in June.")]),
  ]);
  for (const r of [...uploads, ...docs, ...pasted]) expect(`${r.code} ${r.message}`).toMatch(/^200 /);
  const media = uploads.map((r, i) => ({ token: owners[i]!.token, userId: owners[i]!.userId, id: r.data.tasks[0]!.id }));
  const texts = [
    { token: bob.token, userId: bob.userId, id: docs[0]!.data.tasks[0]!.id },
    { token: alice.token, userId: alice.userId, id: docs[1]!.data.tasks[0]!.id },
    { token: alice.token, userId: alice.userId, id: pasted[0]!.data.task.id },
    { token: bob.token, userId: bob.userId, id: pasted[1]!.data.task.id },
  ];
  expect(media).toHaveLength(4);
  expect(texts).toHaveLength(4);

  const transcribed = await Promise.all(media.map((t) => settle(t.token, t.id)));
  for (const t of transcribed) expect(t.timeline.length).toBeGreaterThan(0);
  await Promise.all(texts.map((t) => settle(t.token, t.id)));
  // Then an analysis of each pasted text and document (the "ai" queue, local analyzer).
  for (const t of texts) expect((await call(analyze, { token: t.token, params: { id: t.id }, json: {} })).code).toBe(200);
  await Promise.all(texts.map((t) => settle(t.token, t.id, ["analysis_completed"])));

  // Exactly once, by the database: one charge row per task, each pipeline step recorded once.
  const all = [...media, ...texts];
  const charges = await prisma.usageCharge.findMany({ where: { taskId: { in: all.map((t) => t.id) } }, select: { taskId: true } });
  expect(charges.map((c) => c.taskId).sort()).toEqual(all.map((t) => t.id).sort());
  const rows = await prisma.task.findMany({ where: { id: { in: media.map((t) => t.id) } }, select: { completedSteps: true } });
  for (const r of rows) expect([...r.completedSteps].sort()).toEqual(["diarize", "prepare", "transcribe"]);
  for (const t of media) expect(await prisma.timelineEntry.count({ where: { taskId: t.id, position: 0 } })).toBe(1);

  // Exactly once, by the queue: one completed job per task and kind, none failed, none started twice,
  // and both workers did some of it.
  const connection = newRedisConnection();
  const jobs: Job[] = [];
  try {
    for (const name of [queues.media, queues.ai]) {
      const q = new Queue(name, { connection, prefix: bullPrefix() });
      expect(await q.getJobs(["failed"])).toEqual([]);
      jobs.push(...(await q.getJobs(["completed"])));
      await q.close();
    }
  } finally {
    await connection.quit();
  }
  const ids = jobs.map((j) => j.id!);
  expect(new Set(ids).size).toBe(ids.length);
  const expected = [
    ...media.map((t) => `transcription.run__${t.id}`),
    ...texts.slice(0, 2).map((t) => `document.import__${t.id}`),
    ...texts.map((t) => `analysis.run__${t.id}`),
  ];
  for (const id of expected) expect(ids).toContain(id);
  // A job started twice says which, why its first try ended, and what the workers logged.
  const again = jobs.filter((j) => (j.attemptsStarted ?? 1) !== 1).map((j) => ({ id: j.id, attemptsStarted: j.attemptsStarted, stalled: j.stalledCounter, stacktrace: j.stacktrace }));
  if (again.length > 0) throw new Error(`jobs started more than once: ${JSON.stringify(again)}\n${workerLogs()}`);
  const ranBy = new Set(jobs.map((j) => j.processedBy));
  const workerPids = machines.map((m) => String(m.child!.pid));
  expect([...ranBy].map((n) => String(n).split(":").pop()).sort()).toEqual(workerPids.sort());

  // And by the workers' own logs: each job reported done once, by one of them.
  const doneLines = machines.flatMap((m) =>
    fs.readFileSync(m.log, "utf8").split("\n").filter((l) => l.includes(' done"')).map((l) => (JSON.parse(l) as { id: string }).id),
  );
  for (const id of expected) expect(doneLines.filter((d) => d === id)).toHaveLength(1);

  // No shared disk: media sits in S3 only; no process keeps a file of its own, and scratch is cleaned.
  for (const t of media) {
    const keys: string[] = [];
    for await (const o of storage().list(mediaFolder(t.userId, t.id))) keys.push(o.key.split("/").pop()!);
    expect(keys).toEqual(expect.arrayContaining(["part-0.wav", "normalized.wav", "segments.json"]));
  }
  expect(filesUnder(path.join(process.env.DATA_DIR!, "storage"))).toEqual([]);
  for (const m of machines) {
    expect(filesUnder(path.join(m.dir, "data", "storage"))).toEqual([]);
    expect(filesUnder(path.join(m.dir, "scratch"))).toEqual([]);
  }
});
