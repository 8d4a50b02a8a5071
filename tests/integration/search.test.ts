import { GET as search } from "@/app/api/search/route";
import { prisma } from "@/lib/server/prisma";
import type { SearchHit, SearchPage } from "@/lib/search/search.schema";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// GET /api/search (issue 10 "Find", docs/search.md): the caller's own tasks and the
// ones shared with them, never anyone else's; titles, summaries, transcripts;
// CJK substrings; folder filter; marks as ranges over plain text.
let alice: Awaited<ReturnType<typeof signIn>>;
let bob: Awaited<ReturnType<typeof signIn>>;
let carol: Awaited<ReturnType<typeof signIn>>;
let aliceMeeting: string;
let aliceChinese: string;
let bobShared: string;
let bobPrivate: string;
let aliceFolder: string;

const find = (user: { token: string }, query: Record<string, string>) => call<SearchPage>(search, { token: user.token, query });
const hitsOf = async (user: { token: string }, q: string, extra: Record<string, string> = {}) => {
  const res = await find(user, { q, ...extra });
  expect(res.code).toBe(200);
  return res.data.items;
};
const marked = (h: SearchHit) => h.snippet.marks.map(([a, b]) => h.snippet.text.slice(a, b));

beforeAll(async () => {
  await setupTestDatabase();
  [alice, bob, carol] = await Promise.all([signIn("search-alice"), signIn("search-bob"), signIn("search-carol")]);
  aliceMeeting = await seedTranscribedTask(alice.userId, "Launch review", MEETING);
  aliceChinese = await seedTranscribedTask(alice.userId, "产品周会", [
    { speaker: 0, at: 0, text: "今天我们讨论一下明年的预算和市场计划。" },
    { speaker: 1, at: 12, text: "会议室已经订好了，下午三点开始。" },
    { speaker: 0, at: 20, text: "次の会議は金曜日です。" },
  ]);
  await prisma.task.update({ where: { id: aliceMeeting }, data: { summary: "# Launch\n\n- **Maria** sends the battery report by Friday\n- Marketing budget: fifty thousand dollars" } });
  bobShared = await seedTranscribedTask(bob.userId, "Bob's roadmap", [{ speaker: 0, at: 3, text: "The quarterly roadmap covers the battery saver feature." }]);
  bobPrivate = await seedTranscribedTask(bob.userId, "Bob's secret plans", [{ speaker: 0, at: 0, text: "Nobody else should read about the battery secret." }]);
  await prisma.collaborator.create({ data: { taskId: bobShared, userId: alice.userId } });
  const folder = await prisma.folder.create({ data: { userId: alice.userId, name: "Work" } });
  aliceFolder = folder.id;
  await prisma.task.update({ where: { id: aliceChinese }, data: { folderId: aliceFolder } });
});

test("finds titles, summaries and transcript entries of the caller's tasks, with begin times", async () => {
  const hits = await hitsOf(alice, "battery");
  const own = hits.filter((h) => h.taskId === aliceMeeting);
  expect(own.find((h) => h.field === "summary")).toBeTruthy();
  const transcript = own.filter((h) => h.field === "transcript");
  expect(transcript.map((h) => h.beginMs)).toEqual([17000, 24000, 33000, 41000, 58000, 66000]);
  for (const h of own) expect(marked(h).every((m) => m.toLowerCase() === "battery")).toBe(true);
  // Titles come before summaries and transcripts.
  const titleHits = await hitsOf(alice, "launch");
  expect(titleHits[0]).toMatchObject({ taskId: aliceMeeting, field: "title", snippet: { text: "Launch review", marks: [[0, 6]] } });
  expect(titleHits[0].beginMs).toBeUndefined();
});

test("includes tasks shared with the caller and never another user's", async () => {
  const hits = await hitsOf(alice, "battery");
  const shared = hits.filter((h) => h.taskId === bobShared);
  expect(shared).toHaveLength(1);
  expect(shared[0]).toMatchObject({ field: "transcript", shared: true, title: "Bob's roadmap", beginMs: 3000 });
  expect(hits.some((h) => h.taskId === bobPrivate)).toBe(false);
  expect(hits.filter((h) => h.taskId === aliceMeeting).every((h) => !h.shared)).toBe(true);

  // Bob sees his own two tasks, nothing of Alice's; Carol sees nothing at all.
  const bobs = await hitsOf(bob, "battery");
  expect(new Set(bobs.map((h) => h.taskId))).toEqual(new Set([bobShared, bobPrivate]));
  expect(await hitsOf(carol, "battery")).toEqual([]);
  expect(await hitsOf(carol, "Launch")).toEqual([]);
});

test("deleted tasks are left out", async () => {
  const gone = await seedTranscribedTask(alice.userId, "Deleted kangaroo notes", [{ speaker: 0, at: 0, text: "A kangaroo crossed the road." }]);
  expect((await hitsOf(alice, "kangaroo")).length).toBe(2);
  await prisma.task.update({ where: { id: gone }, data: { deletedAt: new Date() } });
  expect(await hitsOf(alice, "kangaroo")).toEqual([]);
});

test("Chinese and Japanese are found as substrings, two characters and up", async () => {
  const budget = await hitsOf(alice, "预算");
  expect(budget).toHaveLength(1);
  expect(budget[0]).toMatchObject({ taskId: aliceChinese, field: "transcript", beginMs: 0 });
  expect(marked(budget[0])).toEqual(["预算"]);
  // Inside a longer run, across the run's bigrams.
  expect((await hitsOf(alice, "市场计划"))[0]).toMatchObject({ beginMs: 0 });
  expect((await hitsOf(alice, "订好"))[0]).toMatchObject({ beginMs: 12000 });
  expect((await hitsOf(alice, "会議"))[0]).toMatchObject({ beginMs: 20000 });
  expect((await hitsOf(alice, "周会"))[0]).toMatchObject({ field: "title", snippet: { text: "产品周会", marks: [[2, 4]] } });
  // Bigrams in the wrong order are no match.
  expect(await hitsOf(alice, "算预")).toEqual([]);
});

test("words are matched anywhere in any order and as prefixes, substrings through pg_trgm", async () => {
  const anyOrder = await hitsOf(alice, "report battery");
  expect(anyOrder.some((h) => h.beginMs === 41000)).toBe(true);
  const prefix = await hitsOf(alice, "screensh");
  expect(prefix.map((h) => h.beginMs)).toEqual([75000]);
  const inside = await hitsOf(alice, "ngineer");
  expect(inside.map((h) => h.beginMs).sort()).toEqual([41000, 66000]);
  // Transcript hits follow the recording; "fix … battery" (33 s) holds both words apart.
  const phrase = await hitsOf(alice, "battery fix");
  expect(phrase.filter((h) => h.taskId === aliceMeeting && h.field === "transcript").map((h) => h.beginMs)).toEqual([33000, 58000, 66000]);
});

test("the folder filter narrows to one of the caller's folders or to uncategorized", async () => {
  expect((await hitsOf(alice, "预算", { folderId: aliceFolder })).length).toBe(1);
  expect(await hitsOf(alice, "预算", { folderId: "uncategorized" })).toEqual([]);
  const loose = await hitsOf(alice, "battery", { folderId: "uncategorized" });
  expect(loose.length).toBeGreaterThan(0);
  expect(loose.every((h) => h.taskId === aliceMeeting)).toBe(true); // a shared task is in none of Alice's folders
  expect(await hitsOf(alice, "battery", { folderId: aliceFolder })).toEqual([]);
  const foreign = await find(bob, { q: "预算", folderId: aliceFolder });
  expect(foreign.status).toBe(400);
  expect(foreign.code).toBe(404);
});

test("snippets are plain text with ranges: markup in a transcript stays text", async () => {
  const id = await seedTranscribedTask(alice.userId, "Hostile <b>title</b>", [{ speaker: 0, at: 9, text: '<img src=x onerror="alert(1)"> said the zebra & <mark>friends</mark>' }]);
  const [hit] = await hitsOf(alice, "zebra");
  expect(hit.taskId).toBe(id);
  expect(hit.snippet.text).toBe('<img src=x onerror="alert(1)"> said the zebra & <mark>friends</mark>');
  expect(marked(hit)).toEqual(["zebra"]);
  // Titles and summaries come first (the summary's "Marketing" holds "mark"); the entry holds the whole query.
  const tagHit = (await hitsOf(alice, "<mark>")).find((h) => h.field === "transcript");
  expect(tagHit?.snippet.marks).toEqual([[48, 54]]);
  // LIKE's wildcards are literal characters.
  expect(await hitsOf(alice, "z%a")).toEqual([]);
});

test("long texts are cut around the first match", async () => {
  const long = `${"filler words about nothing in particular ".repeat(20)}the narwhal appears here ${"and more filler after it ".repeat(20)}`;
  await seedTranscribedTask(alice.userId, "Long entry", [{ speaker: 0, at: 0, text: long }]);
  const [hit] = await hitsOf(alice, "narwhal");
  expect(hit.snippet.text.length).toBeLessThan(240);
  expect(hit.snippet.text.startsWith("…")).toBe(true);
  expect(marked(hit)).toEqual(["narwhal"]);
});

test("empty, too short and too long queries get their own messages", async () => {
  const empty = await find(alice, { q: "  " });
  expect(empty).toMatchObject({ status: 400, code: 400, message: "Type a word or phrase to search for.", data: { error: "search.queryEmpty" } });
  expect((await find(alice, {})).data).toMatchObject({ error: "search.queryEmpty" });
  expect((await find(alice, { q: "?!" })).data).toMatchObject({ error: "search.queryEmpty" });
  const short = await find(alice, { q: "a" });
  expect(short).toMatchObject({ code: 400, message: "Type at least 2 letters or characters to search.", data: { error: "search.queryTooShort" } });
  expect((await find(alice, { q: "会" })).data).toMatchObject({ error: "search.queryTooShort" });
  const long = await find(alice, { q: "x".repeat(101) });
  expect(long).toMatchObject({ code: 400, message: "A search can be at most 100 characters long.", data: { error: "search.queryTooLong" } });
  const zh = await call(search, { token: alice.token, query: { q: "a" }, headers: { "x-locale": "zh" } });
  expect(zh.message).toBe("请至少输入 2 个字符再搜索。");
  expect((await find(alice, { q: "battery", page: "0" })).code).toBe(400);
  expect((await call(search, { query: { q: "battery" } })).code).toBe(401);
});

test("pages of twenty with hasMore", async () => {
  const lines = Array.from({ length: 45 }, (_, i) => ({ speaker: 0, at: i * 10, text: `Entry ${i} mentions the ocelot.` }));
  await seedTranscribedTask(alice.userId, "Many ocelots", lines);
  const first = await find(alice, { q: "ocelot" });
  expect(first.data).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
  expect(first.data.items[0].field).toBe("title");
  const third = await find(alice, { q: "ocelot", page: "3" });
  expect(third.data.items).toHaveLength(6);
  expect(third.data.hasMore).toBe(false);
  const times = [...first.data.items, ...(await find(alice, { q: "ocelot", page: "2" })).data.items, ...third.data.items]
    .filter((h) => h.field === "transcript")
    .map((h) => h.beginMs);
  expect(times).toEqual(lines.map((l) => l.at * 1000));
});

test("a library of many tasks: rare words come through the indexes, frequent ones task by task, in one order", async () => {
  const dora = await signIn("search-dora");
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const lines = i === 0 ? Array.from({ length: 600 }, (_, k) => ({ speaker: 0, at: k * 5, text: `Line ${k}: the walrus spoke.` })) : [{ speaker: 0, at: 0, text: i === 3 ? "A lone narwhal at the 预算会议." : `Nothing here ${i}.` }];
    const id = await seedTranscribedTask(dora.userId, `Dora ${i}`, lines);
    await prisma.task.update({ where: { id }, data: { createTime: new Date(Date.UTC(2026, 0, 1 + i)) } });
    ids.push(id);
  }
  // Task 3 is older than the 24 newest: found through the owner index.
  expect((await hitsOf(dora, "narwhal")).map((h) => [h.taskId, h.beginMs])).toEqual([[ids[3], 0]]);
  // Two-letter queries through the owner's full-text index: a CJK bigram, a Latin word prefix (not a substring).
  expect((await hitsOf(dora, "会议")).map((h) => [h.taskId, h.beginMs])).toEqual([[ids[3], 0]]);
  expect((await hitsOf(dora, "lo")).map((h) => h.taskId)).toEqual([ids[3]]);
  expect(await hitsOf(dora, "ne")).toEqual([]);
  // 600 entries in the oldest task: more than the indexed read takes, so the tasks are read in batches.
  const first = await find(dora, { q: "walrus" });
  expect(first.data.items.map((h) => h.beginMs)).toEqual(Array.from({ length: 20 }, (_, k) => k * 5000));
  expect(first.data.hasMore).toBe(true);
  const fifth = await find(dora, { q: "walrus", page: "5" });
  expect(fifth.data.items.map((h) => h.beginMs)).toEqual(Array.from({ length: 20 }, (_, k) => (80 + k) * 5000));
  // Nobody else sees Dora's walrus.
  expect(await hitsOf(bob, "walrus")).toEqual([]);
});
