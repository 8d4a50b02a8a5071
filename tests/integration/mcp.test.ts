import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { POST as mcpPost } from "@/app/api/mcp/route";
import { GET as listKeys, POST as createKey } from "@/app/api/mcp/keys/route";
import { GET as countKeys } from "@/app/api/mcp/keys/count/route";
import { DELETE as deleteKey } from "@/app/api/mcp/keys/[id]/route";
import { POST as addCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/route";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { serveRoute } from "@/tests/helpers/route-server";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// MCP keys (Pro only, shown once, stored hashed, at most 10, with their refusal
// messages) and the MCP server at /api/mcp, reached over real HTTP by the SDK's
// own client (docs/mcp.md).
jest.setTimeout(60_000);

type User = Awaited<ReturnType<typeof signIn>>;
interface KeyItem {
  id: string;
  name: string;
  keyPrefix: string;
  lastUsedAt: string | null;
}
let a: User;
let b: User;
let server: Awaited<ReturnType<typeof serveRoute>>;
let taskA: string;
let taskB: string;
let folderTaskA: string;

beforeAll(async () => {
  await setupTestDatabase();
  [a, b] = [await signIn("mcp-a"), await signIn("mcp-b")];
  taskA = await seedTranscribedTask(a.userId, "Alpha launch review", MEETING);
  await prisma.task.update({ where: { id: taskA }, data: { status: "analysis_completed", summary: "# Launch review\n\n- Fix the battery drain\n", summaryLanguage: "en", mindMap: { content: "Launch review", children: [{ content: "Fix the battery drain", children: [] }] } } });
  const folder = await prisma.folder.create({ data: { userId: a.userId, name: "Launches" }, select: { id: true } });
  folderTaskA = await seedTranscribedTask(a.userId, "Filed roadmap", MEETING.slice(0, 2));
  await prisma.task.update({ where: { id: folderTaskA }, data: { folderId: folder.id, createTime: new Date("2026-01-15T10:00:00Z") } });
  taskB = await seedTranscribedTask(b.userId, "Bravo private standup", [{ speaker: 0, at: 0, text: "Zebra budget is confidential." }]);
  server = await serveRoute({ POST: mcpPost });
});

afterAll(async () => {
  await server?.close();
});

async function connect(key: string) {
  const client = new Client({ name: "jest", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return client;
}

function textOf(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as { type: string; text: string }[]).map((c) => c.text).join("");
}

test("free users are refused with the upgrade message", async () => {
  const res = await call(createKey, { token: a.token, json: { name: "Claude" } });
  expect(res.code).toBe(403);
  expect(res.message).toBe("MCP keys are a Pro feature. Upgrade to Pro to use them.");
  expect((await call(listKeys, { token: a.token })).data).toMatchObject({ error: "mcp.proRequired" });
  expect((await call(countKeys, { token: a.token })).data).toMatchObject({ error: "mcp.proRequired" });
  await prisma.user.updateMany({ where: { id: { in: [a.userId, b.userId] } }, data: { planCode: "pro" } });
});

test("a key needs a name, is shown once, stored hashed, and at most 10 exist", async () => {
  const noName = await call(createKey, { token: a.token, json: { name: "   " } });
  expect(noName.data).toMatchObject({ error: "mcp.nameRequired" });
  expect(noName.message).toBe("Please enter a name for the key");
  const made = await call<{ key: string; item: KeyItem; count: number }>(createKey, { token: a.token, json: { name: " Claude  Desktop " } });
  expect(made.code).toBe(200);
  expect(made.data.key).toMatch(/^tj_key_[A-Za-z0-9_-]{43}$/);
  expect(made.data.item).toMatchObject({ name: "Claude Desktop", keyPrefix: made.data.key.slice(0, 11), lastUsedAt: null });
  const row = await prisma.apiKey.findUniqueOrThrow({ where: { id: made.data.item.id } });
  expect(row.keyHash).not.toContain(made.data.key.slice(7));
  const listed = await call<{ items: KeyItem[] }>(listKeys, { token: a.token });
  expect(JSON.stringify(listed.data)).not.toContain(made.data.key);
  expect(listed.data.items).toHaveLength(1);

  const more = await Promise.all(Array.from({ length: 12 }, (_, i) => call(createKey, { token: a.token, json: { name: `key ${i}` } })));
  expect(more.filter((r) => r.code === 200)).toHaveLength(9);
  const over = more.find((r) => r.code !== 200)!;
  expect(over.data).toMatchObject({ error: "mcp.limitReached" });
  expect(over.message).toBe("You can have at most 10 MCP keys; delete one first");
  expect((await call(countKeys, { token: a.token })).data).toEqual({ count: 10, limit: 10 });
  for (const k of (await call<{ items: KeyItem[] }>(listKeys, { token: a.token })).data.items.filter((k) => k.name.startsWith("key "))) {
    expect((await call(deleteKey, { token: a.token, params: { id: k.id } })).code).toBe(200);
  }
  expect((await call(countKeys, { token: a.token })).data).toEqual({ count: 1, limit: 10 });
});

test("the SDK client lists the tools and calls each one; another user's task is never returned; a revoked key is refused", async () => {
  const keyA = (await call<{ key: string; item: KeyItem }>(createKey, { token: a.token, json: { name: "tools" } })).data;
  const keyB = (await call<{ key: string }>(createKey, { token: b.token, json: { name: "b" } })).data.key;
  const client = await connect(keyA.key);
  const tools = await client.listTools();
  expect(tools.tools.map((t) => t.name).sort()).toEqual(["ask_library", "ask_question", "get_summary", "get_transcript", "list_tasks", "list_voice_profiles", "search_transcripts"]);

  // Voice profiles by name only: the stored voice (its vector) never leaves through MCP, and B's profile is not A's.
  await prisma.voiceProfile.create({ data: { userId: a.userId, name: "Anna", embeddings: { create: { version: "v", vector: [123.456, 7.25], speechSec: 4, taskId: taskA } } } });
  await prisma.voiceProfile.create({ data: { userId: b.userId, name: "Bravo voice", embeddings: { create: { version: "v", vector: [1], speechSec: 4 } } } });
  const voices = textOf(await client.callTool({ name: "list_voice_profiles", arguments: {} }));
  expect(JSON.parse(voices)).toEqual({ profiles: [{ name: "Anna", recordings: 1 }] });
  expect(voices).not.toMatch(/123\.456|7\.25|vector|embedding/);

  const all = JSON.parse(textOf(await client.callTool({ name: "list_tasks", arguments: {} }))) as { id: string; title: string }[];
  expect(all.map((t) => t.id).sort()).toEqual([taskA, folderTaskA].sort());
  const folderId = (await prisma.task.findUniqueOrThrow({ where: { id: folderTaskA }, select: { folderId: true } })).folderId!;
  const filed = JSON.parse(textOf(await client.callTool({ name: "list_tasks", arguments: { folderId } }))) as { id: string }[];
  expect(filed.map((t) => t.id)).toEqual([folderTaskA]);
  const january = JSON.parse(textOf(await client.callTool({ name: "list_tasks", arguments: { from: "2026-01-01", to: "2026-01-31T23:59:59Z" } }))) as { id: string }[];
  expect(january.map((t) => t.id)).toEqual([folderTaskA]);

  const found = JSON.parse(textOf(await client.callTool({ name: "search_transcripts", arguments: { query: "battery drain" } }))) as { items: { taskId: string }[] };
  expect(found.items.map((h) => h.taskId)).toContain(taskA);
  const transcript = JSON.parse(textOf(await client.callTool({ name: "get_transcript", arguments: { taskId: taskA } }))) as { speakers: string[]; entries: { beginMs: number; speaker: string }[]; text: string };
  expect(transcript.speakers).toEqual(["Speaker 1", "Speaker 2", "Speaker 3"]);
  expect(transcript.entries[1]).toMatchObject({ beginMs: 8000, speaker: "Speaker 2" });
  expect(transcript.text).toContain("[00:00:08–00:00:17] Speaker 2: The beta test finished");
  const summary = JSON.parse(textOf(await client.callTool({ name: "get_summary", arguments: { taskId: taskA } }))) as { summary: string; mindMap: { content: string } };
  expect(summary.summary).toContain("Fix the battery drain");
  expect(summary.mindMap.content).toBe("Launch review");
  const answer = await client.callTool({ name: "ask_question", arguments: { taskId: taskA, question: "What about the battery drain?" } });
  expect(answer.isError).toBeFalsy();
  expect(textOf(answer).length).toBeGreaterThan(10);

  // B's task through A's key, and A's through B's key: not found, nothing of the other's data.
  for (const name of ["get_transcript", "get_summary", "ask_question"]) {
    const refused = await client.callTool({ name, arguments: { taskId: taskB, question: "Zebra?" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).not.toMatch(/Zebra|Bravo/);
  }
  const clientB = await connect(keyB);
  for (const name of ["get_transcript", "get_summary", "ask_question"]) {
    const refused = await clientB.callTool({ name, arguments: { taskId: taskA, question: "battery?" } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Task not found or deleted");
  }
  // Asking the whole library: A's answer cites A's task at its moment; B's never cites it.
  const library = JSON.parse(textOf(await client.callTool({ name: "ask_library", arguments: { question: "What about the battery drain?" } }))) as { answer: string; citations: { taskId: string; begin: number }[] };
  expect(library.citations.map((c) => c.taskId)).toContain(taskA);
  expect(library.answer).toContain("[1]");
  const libraryB = JSON.parse(textOf(await clientB.callTool({ name: "ask_library", arguments: { question: "What about the battery drain?" } }))) as { citations: { taskId: string }[] };
  expect(libraryB.citations.map((c) => c.taskId)).not.toContain(taskA);
  const bList = textOf(await clientB.callTool({ name: "list_tasks", arguments: {} }));
  expect(bList).toContain(taskB);
  expect(bList).not.toContain(taskA);
  expect(textOf(await clientB.callTool({ name: "search_transcripts", arguments: { query: "battery" } }))).not.toContain(taskA);
  await clientB.close();

  // "Last used" was written on use.
  const used = (await call<{ items: KeyItem[] }>(listKeys, { token: a.token })).data.items.find((k) => k.id === keyA.item.id)!;
  expect(used.lastUsedAt).not.toBeNull();

  // Deleting revokes: the same key is now a 401, as are a made-up key and a session token.
  await client.close();
  expect((await call(deleteKey, { token: a.token, params: { id: keyA.item.id } })).code).toBe(200);
  for (const bad of [keyA.key, "tj_mcp_madeup", a.token]) await expect(connect(bad)).rejects.toThrow(/401|Unauthorized/i);
  const none = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" });
  expect(none.status).toBe(401);
  // B cannot delete A's key: not found.
  const aKey = (await call<{ items: KeyItem[] }>(listKeys, { token: a.token })).data.items[0]!;
  expect((await call(deleteKey, { token: b.token, params: { id: aKey.id } })).data).toMatchObject({ error: "mcp.keyNotFound" });
});

test("a task shared with the key's user is readable through MCP; asking stays the owner's", async () => {
  expect((await call(addCollaborator, { token: a.token, params: { id: taskA }, json: { user_identifier: b.email } })).code).toBe(200);
  const key = (await call<{ key: string }>(createKey, { token: b.token, json: { name: "shared" } })).data.key;
  const client = await connect(key);
  const listed = JSON.parse(textOf(await client.callTool({ name: "list_tasks", arguments: {} }))) as { id: string; shared: boolean; folder: unknown }[];
  expect(listed.find((t) => t.id === taskA)).toMatchObject({ shared: true, folder: null });
  expect(listed.map((t) => t.id)).not.toContain(folderTaskA);
  const transcript = JSON.parse(textOf(await client.callTool({ name: "get_transcript", arguments: { taskId: taskA } }))) as { entries: unknown[] };
  expect(transcript.entries).toHaveLength(MEETING.length);
  const asked = await client.callTool({ name: "ask_question", arguments: { taskId: taskA, question: "Who sends the report?" } });
  expect(asked.isError).toBe(true);
  await client.close();
});

test("a key stops working when the plan lapses, and a huge body is refused", async () => {
  const key = (await call<{ key: string }>(createKey, { token: b.token, json: { name: "lapse" } })).data.key;
  const huge = await fetch(`${server.url}/api/mcp`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ x: "y".repeat(300_000) }) });
  expect(huge.status).toBe(413);
  await prisma.user.update({ where: { id: b.userId }, data: { planCode: "free" } });
  await expect(connect(key)).rejects.toThrow(/401|Unauthorized/i);
});
