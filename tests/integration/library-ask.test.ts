import "./analysis-local.env";
import { POST as ask } from "@/app/api/library/ask/route";
import { GET as history, DELETE as clearHistory } from "@/app/api/library/history/route";
import { DELETE as deleteQuestion } from "@/app/api/library/history/[id]/route";
import { libraryQuestionSet } from "@/bench/lib/library-questions";
import { seedLibraryRecordings } from "@/bench/lib/library-seed";
import { retrievePassages } from "@/lib/library-ask/retrieval";
import type { LibraryCitation } from "@/lib/library-ask/library-ask.schema";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, callStream, streamText } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Ask your library with the local analyzer, over recordings built from corpus reference texts
// (bench/lib/library-questions.ts): the right recording and moment, scopes, and the read rule
// (own tasks and those shared with the caller; never another user's passage).
jest.setTimeout(120_000);

const set = libraryQuestionSet();
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
let aliceTasks: string[];
let bobPrivate: string;
let bobShared: string;
let folderId: string;

beforeAll(async () => {
  await setupTestDatabase();
  alice = await signIn("library-alice");
  bob = await signIn("library-bob");
  aliceTasks = await seedLibraryRecordings(alice.userId, set.recordings);
  // Bob's own recording says something no recording of Alice's does; another of his is shared with her.
  [bobPrivate, bobShared] = await seedLibraryRecordings(bob.userId, [
    { title: "Bob private", utterances: [{ begin: 0, end: 5000, text: "The quartz zebra pricing for the Oslo client is nine hundred kroner." }] },
    { title: "Bob shared", utterances: [{ begin: 0, end: 4000, text: "Opening remarks." }, { begin: 4000, end: 9000, text: "The walrus budget review moves to the second quarter." }] },
  ]);
  await prisma.collaborator.create({ data: { taskId: bobShared!, userId: alice.userId } });
  const folder = await prisma.folder.create({ data: { userId: alice.userId, name: "Chinese" } });
  folderId = folder.id;
  await prisma.task.updateMany({ where: { id: { in: aliceTasks.slice(-2) } }, data: { folderId } });
});

test("the right recording is among the top 3 citations for at least 80 % of the held-out questions", async () => {
  expect(set.recordings.length).toBeGreaterThanOrEqual(20);
  expect(set.questions.length).toBeGreaterThanOrEqual(30);
  let right = 0;
  let atMoment = 0;
  for (const q of set.questions) {
    const passages = await retrievePassages(alice.userId, q.question, { kind: "all" });
    const top = passages.slice(0, 3);
    const hit = top.find((p) => p.taskId === aliceTasks[q.recording]);
    if (hit) right++;
    if (hit && hit.begin >= q.begin && hit.begin < q.end) atMoment++;
  }
  expect(right / set.questions.length).toBeGreaterThanOrEqual(0.8);
  expect(atMoment / set.questions.length).toBeGreaterThanOrEqual(0.7);
});

test("the answer quotes the passages and cites [recording, time]; the citation opens that moment", async () => {
  const q = set.questions.find((x) => x.question.includes("bartley"))!;
  const res = await callStream(ask, { token: alice.token, json: { question: q.question } });
  expect(res.status).toBe(200);
  const text = streamText(res.events);
  const done = res.events.find((e) => e.type === "done") as { data: { citations: LibraryCitation[]; id: string } };
  const first = done.data.citations[0]!;
  expect(first.taskId).toBe(aliceTasks[q.recording]);
  expect(first.begin).toBe(q.begin);
  expect(text).toContain(`*Recording ${q.recording + 1}, ${String(Math.floor(q.begin / 60000)).padStart(2, "0")}:${String(Math.floor((q.begin % 60000) / 1000)).padStart(2, "0")}* [1]`);
  expect(text.toLowerCase()).toContain("bartley");
});

test("a question nothing supports is answered as such, and another user's passage never appears", async () => {
  const res = await callStream(ask, { token: alice.token, json: { question: "What is the quartz zebra pricing for Oslo?" } });
  const done = res.events.find((e) => e.type === "done") as { data: { citations: LibraryCitation[] } };
  expect(done.data.citations.every((c) => c.taskId !== bobPrivate)).toBe(true);
  expect(done.data.citations).toHaveLength(0);
  expect(streamText(res.events)).toContain("None of your recordings says anything about");
  const direct = await retrievePassages(alice.userId, "quartz zebra Oslo kroner", { kind: "all" });
  expect(direct.map((p) => p.taskId)).not.toContain(bobPrivate);
  // Bob himself finds it.
  expect((await retrievePassages(bob.userId, "quartz zebra Oslo kroner", { kind: "all" }))[0]!.taskId).toBe(bobPrivate);
});

test("scopes: shared with me, one folder, all", async () => {
  const shared = await retrievePassages(alice.userId, "walrus budget review", { kind: "shared" });
  expect(shared.map((p) => p.taskId)).toEqual([bobShared]);
  expect(shared[0]).toMatchObject({ begin: 4000, before: "Opening remarks." });
  expect((await retrievePassages(alice.userId, "walrus budget review", { kind: "all" }))[0]!.taskId).toBe(bobShared);
  const folder = await retrievePassages(alice.userId, "商场上半年的业绩", { kind: "folder", folderId });
  expect(folder.length).toBeGreaterThan(0);
  expect(folder.every((p) => aliceTasks.slice(-2).includes(p.taskId))).toBe(true);
  expect(await retrievePassages(alice.userId, "walrus budget review", { kind: "folder", folderId })).toEqual([]);
  const foreignFolder = await callStream(ask, { token: bob.token, json: { question: "budget", scope: "folder", folder_id: folderId } });
  expect(foreignFolder.envelope?.code).toBe(404);
});

test("history is kept per scope and can be deleted, by its owner only", async () => {
  await callStream(ask, { token: alice.token, json: { question: "walrus budget", scope: "shared" } });
  const sharedHistory = await call<{ items: { id: string; question: string }[] }>(history, { token: alice.token, query: { scope: "shared" } });
  expect(sharedHistory.data.items.map((i) => i.question)).toEqual(["walrus budget"]);
  const all = await call<{ items: { id: string; question: string }[] }>(history, { token: alice.token, query: { scope: "all" } });
  expect(all.data.items.map((i) => i.question)).not.toContain("walrus budget");
  const id = sharedHistory.data.items[0]!.id;
  expect((await call(deleteQuestion, { token: bob.token, method: "DELETE", params: { id } })).code).toBe(404);
  expect((await call(deleteQuestion, { token: alice.token, method: "DELETE", params: { id } })).code).toBe(200);
  expect((await call<{ items: unknown[] }>(history, { token: alice.token, query: { scope: "shared" } })).data.items).toHaveLength(0);
  const cleared = await call<{ deleted: number }>(clearHistory, { token: alice.token, method: "DELETE", query: { scope: "all" } });
  expect(cleared.data.deleted).toBeGreaterThan(0);
});
