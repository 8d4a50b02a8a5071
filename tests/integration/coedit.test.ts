import type { HocuspocusProvider } from "@hocuspocus/provider";
import * as Y from "yjs";
import { POST as logout } from "@/app/api/auth/logout/route";
import { PUT as editCollaborative } from "@/app/api/transcription/[id]/edit-collaborative/route";
import { collabDocumentName } from "@/lib/collab/convert";
import { ENTRY_NODE } from "@/lib/collab/editor-schema";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { closeAllCollab, collabProviders as providers, collabServers as servers, connectCollab as connect, entries, startCollabServer as startServer, synced, textOf, until } from "@/tests/helpers/collab";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Real-time co-editing against the real server on loopback: Hocuspocus in an HTTP server the
// way server.ts runs it, real PostgreSQL (documents) and Redis (the extension joining processes).
// Sockets closed at once on removal, sign-out and deletion: coedit-revocation.test.ts.
type User = Awaited<ReturnType<typeof signIn>>;
let owner: User, collaborator: User, stranger: User;
let taskId: string;

beforeAll(async () => {
  await setupTestDatabase();
  [owner, collaborator, stranger] = await Promise.all([signIn("owner"), signIn("collab"), signIn("stranger")]);
  taskId = await seedTranscribedTask(owner.userId, "Launch review", MEETING.slice(0, 4));
  await prisma.task.update({ where: { id: taskId }, data: { status: "analysis_completed", summary: "# Launch\n- battery first\n" } });
  await prisma.collaborator.create({ data: { taskId, userId: collaborator.userId } });
});

afterAll(closeAllCollab);

test("a new document is seeded from the task: one block per entry with its speaker and times", async () => {
  const { url } = await startServer();
  const p = connect(url, owner.token, collabDocumentName(taskId, "transcript"));
  await synced(p);
  const blocks = entries(p.document);
  const rows = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  expect(blocks).toHaveLength(rows.length);
  expect(blocks[0]!.nodeName).toBe(ENTRY_NODE);
  expect(blocks[1]!.getAttribute("speakerId")).toBe(rows[1]!.speakerId);
  expect(blocks[1]!.getAttribute("beginMs")).toBe(rows[1]!.begin);
  expect(blocks[1]!.getAttribute("endMs")).toBe(rows[1]!.end);
  expect(textOf(blocks[1]!)).toBe(rows[1]!.text);

  const s = connect(url, owner.token, collabDocumentName(taskId, "summary"));
  await synced(s);
  expect(entries(s.document).map(textOf)).toEqual(["# Launch", "- battery first"]);
});

test("two clients on two server processes joined by Redis converge on concurrent edits", async () => {
  const a = await startServer();
  const b = await startServer();
  const name = collabDocumentName(taskId, "transcript");
  const pa = connect(a.url, owner.token, name);
  const pb = connect(b.url, collaborator.token, name);
  await Promise.all([synced(pa), synced(pb)]);
  const ta = entries(pa.document)[0]!.toArray()[0] as Y.XmlText;
  const tb = entries(pb.document)[0]!.toArray()[0] as Y.XmlText;
  // The same paragraph, at the same moment.
  ta.insert(0, "[owner] ");
  tb.insert(tb.length, " [collaborator]");
  const both = (p: HocuspocusProvider) => {
    const text = textOf(entries(p.document)[0]!);
    return text.startsWith("[owner] ") && text.endsWith(" [collaborator]");
  };
  await until("both edits on both sides", () => both(pa) && both(pb));
  expect(textOf(entries(pa.document)[0]!)).toBe(textOf(entries(pb.document)[0]!));

  // Stored as bytea once the typing stops.
  const storedText = async () => {
    const row = await prisma.collabDocument.findUnique({ where: { name } });
    if (!row) return "";
    const stored = new Y.Doc();
    Y.applyUpdate(stored, new Uint8Array(row.state));
    return textOf(entries(stored)[0]!);
  };
  await until("the merged state stored", async () => (await storedText()) === textOf(entries(pa.document)[0]!));
});

test("a stranger's token, or none, is refused at the socket", async () => {
  const { url } = await startServer();
  const failedStranger: string[] = [];
  const failedNone: string[] = [];
  const ps = connect(url, stranger.token, collabDocumentName(taskId, "transcript"), { failed: failedStranger });
  connect(url, "not-a-token", collabDocumentName(taskId, "summary"), { failed: failedNone });
  await until("both refused", () => failedStranger.length > 0 && failedNone.length > 0);
  expect(failedStranger[0]).toBe("collab.permissionDenied");
  expect(failedNone[0]).toBe("collab.loginRequired");
  expect(ps.isSynced).toBe(false);
  expect(entries(ps.document)).toHaveLength(0);
  // A made-up document name is refused too.
  const failedOdd: string[] = [];
  connect(url, owner.token, `${taskId}:secrets`, { failed: failedOdd });
  await until("odd name refused", () => failedOdd.length > 0);
  expect(failedOdd[0]).toBe("collab.permissionDenied");
});

test("a collaborator removed during a session loses the socket: later edits never reach the document", async () => {
  const { url } = await startServer({ recheckMs: 200 });
  const name = collabDocumentName(taskId, "transcript");
  const ownerSide = connect(url, owner.token, name);
  const failed: string[] = [];
  let closed = false;
  const leaving = connect(url, collaborator.token, name, { failed });
  let closeReason = "";
  leaving.on("close", ({ event }: { event: { reason: string } }) => {
    closed = true;
    closeReason = event.reason;
  });
  await Promise.all([synced(ownerSide), synced(leaving)]);
  const text = (p: HocuspocusProvider) => textOf(entries(p.document)[2]!);
  const typeInto = (p: HocuspocusProvider, words: string) => {
    const t = entries(p.document)[2]!.toArray()[0] as Y.XmlText;
    t.insert(t.length, words);
  };
  typeInto(leaving, " still here");
  await until("the collaborator's edit reaches the owner", () => text(ownerSide).endsWith(" still here"));

  await prisma.collaborator.deleteMany({ where: { taskId, userId: collaborator.userId } });
  await new Promise((r) => setTimeout(r, 300));
  typeInto(leaving, " after removal");
  try {
    await until("the removed collaborator's connection closed", () => closed && !leaving.isSynced);
    // The editor shows the catalogue message for this reason.
    expect(closeReason).toBe("collab.permissionDenied");
    await new Promise((r) => setTimeout(r, 500));
    expect(text(ownerSide)).not.toContain("after removal");
    // Coming back is refused at authentication.
    const again = connect(url, collaborator.token, name, { failed });
    await until("the new connection refused", () => failed.includes("collab.permissionDenied"));
    expect(again.isSynced).toBe(false);
  } finally {
    leaving.destroy();
    await prisma.collaborator.create({ data: { taskId, userId: collaborator.userId } });
  }
});

test("a session signed out (logout, or its row deleted) loses the socket: later edits are not stored", async () => {
  const { url } = await startServer({ recheckMs: 200 });
  const name = collabDocumentName(taskId, "transcript");
  const ownerSide = connect(url, owner.token, name);
  await synced(ownerSide);
  const text = () => textOf(entries(ownerSide.document)[3]!);
  const storedText = async () => {
    const row = await prisma.collabDocument.findUnique({ where: { name } });
    const doc = new Y.Doc();
    if (row) Y.applyUpdate(doc, new Uint8Array(row.state));
    return entries(doc).length > 3 ? textOf(entries(doc)[3]!) : "";
  };
  const signOuts: [string, (user: User) => Promise<unknown>][] = [
    ["logout", async (user) => expect((await call(logout, { method: "POST", token: user.token, json: {} })).code).toBe(200)],
    ["session row deleted", (user) => prisma.session.deleteMany({ where: { userId: user.userId } })],
  ];
  for (const [how, signOut] of signOuts) {
    const user = await signIn("leaver");
    await prisma.collaborator.create({ data: { taskId, userId: user.userId } });
    const leaving = connect(url, user.token, name);
    let closeReason = "";
    leaving.on("close", ({ event }: { event: { reason: string } }) => (closeReason = event.reason));
    await synced(leaving);
    const t = entries(leaving.document)[3]!.toArray()[0] as Y.XmlText;
    t.insert(t.length, ` before ${how}`);
    await until(`the edit before ${how} reaches the owner`, () => text().endsWith(` before ${how}`));

    await signOut(user);
    await new Promise((r) => setTimeout(r, 300));
    t.insert(t.length, ` after ${how}`);
    try {
      await until(`the connection closed after ${how}`, () => closeReason !== "" && !leaving.isSynced);
      expect(closeReason).toBe("collab.loginRequired");
      await until(`the edit before ${how} stored`, async () => (await storedText()).endsWith(` before ${how}`));
      await new Promise((r) => setTimeout(r, 1500));
      expect(text()).not.toContain(`after ${how}`);
      expect(await storedText()).not.toContain(`after ${how}`);
    } finally {
      leaving.destroy();
    }
  }
});

test("Exit writes the merged paragraphs back, for the owner and a collaborator", async () => {
  const rows = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  const body = {
    entries: [
      { speakerId: rows[0]!.speakerId, beginMs: rows[0]!.begin, endMs: rows[0]!.end, text: "[owner] Good morning [collaborator]" },
      { speakerId: rows[1]!.speakerId, beginMs: rows[1]!.begin, endMs: 12_000, text: "First half." },
      { speakerId: rows[1]!.speakerId, beginMs: 12_000, endMs: rows[1]!.end, text: "Second half." },
    ],
    summary: "# Launch\n- battery first\n- ship in March",
  };
  const res = await call(editCollaborative, { method: "PUT", token: collaborator.token, params: { id: taskId }, json: body });
  expect(res.code).toBe(200);
  const after = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  expect(after.map((e) => [e.position, e.speakerId, e.begin, e.end, e.text])).toEqual(body.entries.map((e, i) => [i, e.speakerId, e.beginMs, e.endMs, e.text]));
  const task = await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { summary: true, fullText: true } });
  expect(task.summary).toBe("# Launch\n- battery first\n- ship in March\n");
  expect(task.fullText).toContain("Second half.");

  const mine = await call(editCollaborative, { method: "PUT", token: owner.token, params: { id: taskId }, json: { summary: "# Launch\n- owner" } });
  expect(mine.code).toBe(200);
});

test("edit-collaborative refuses strangers, bad input and conflicts, and loses nothing", async () => {
  const before = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  const entry = { speakerId: before[0]!.speakerId, beginMs: 0, endMs: 1000, text: "stranger was here" };
  const put = (token: string | undefined, json: unknown) => call(editCollaborative, { method: "PUT", token, params: { id: taskId }, json });

  const anon = await put(undefined, { entries: [entry] });
  expect(anon.status).toBe(401);
  const strange = await put(stranger.token, { entries: [entry] });
  expect([strange.status, strange.code]).toEqual([400, 404]);
  expect(strange.message).toBe("Document not found or deleted");

  const empty = await put(owner.token, {});
  expect(empty.status).toBe(400);
  const backwards = await put(owner.token, { entries: [{ ...entry, beginMs: 5000, endMs: 1000 }] });
  expect(backwards.status).toBe(400);
  const blank = await put(owner.token, { entries: [{ ...entry, text: "   " }] });
  expect(blank.status).toBe(400);
  const emptySummary = await put(owner.token, { summary: "  \n " });
  expect(emptySummary.message).toBe("The summary cannot be empty");

  const foreignSpeaker = await put(collaborator.token, { entries: [{ ...entry, speakerId: "someone-elses-speaker" }] });
  expect(foreignSpeaker.status).toBe(409);
  expect(foreignSpeaker.message).toMatch(/^Edit conflict/);
  await prisma.task.update({ where: { id: taskId }, data: { status: "transcribing" } });
  const running = await put(owner.token, { entries: [entry] });
  expect(running.status).toBe(409);
  await prisma.task.update({ where: { id: taskId }, data: { status: "analysis_completed" } });

  const huge = await call(editCollaborative, {
    method: "PUT",
    token: owner.token,
    params: { id: taskId },
    json: { summary: "x".repeat(11 * 1024 * 1024) },
  });
  expect(huge.status).toBe(413);

  const zh = await call(editCollaborative, { method: "PUT", token: stranger.token, params: { id: taskId }, json: { entries: [entry] }, headers: { "x-locale": "zh" } });
  expect(zh.message).toBe("文档不存在或已被删除");

  const after = await prisma.timelineEntry.findMany({ where: { taskId }, orderBy: { position: "asc" } });
  expect(after).toEqual(before);
});

test("entering after Exit opens the stored document with what was typed since; a change made outside co-editing is brought in", async () => {
  for (const q of providers.splice(0)) q.destroy();
  for (const s of servers.splice(0)) await s.close();
  const name = collabDocumentName(taskId, "summary");
  await prisma.collabDocument.deleteMany({ where: { name } });
  const text = (q: HocuspocusProvider) => entries(q.document).map(textOf).join("\n");
  const append = (q: HocuspocusProvider, line: number, words: string) => {
    const para = entries(q.document)[line]!.toArray()[0] as Y.XmlText;
    para.insert(para.length, words);
  };

  const first = await startServer();
  const p = connect(first.url, owner.token, name);
  await synced(p);
  expect(text(p)).toBe("# Launch\n- owner");
  append(p, 1, " typed");
  // Exit writes back what the document holds; then someone keeps typing and leaves without Exit.
  const exit = await call(editCollaborative, { method: "PUT", token: owner.token, params: { id: taskId }, json: { summary: text(p) } });
  expect(exit.code).toBe(200);
  append(p, 1, " and more");
  const stored = async () => {
    const row = await prisma.collabDocument.findUnique({ where: { name } });
    const doc = new Y.Doc();
    if (row) Y.applyUpdate(doc, new Uint8Array(row.state));
    return entries(doc).map(textOf).join("\n");
  };
  await until("stored", async () => (await stored()) === "# Launch\n- owner typed and more");
  await first.close();

  // Entering again shows it: kept, though not written back yet.
  const again = await startServer();
  const r = connect(again.url, collaborator.token, name);
  await synced(r);
  expect(text(r)).toBe("# Launch\n- owner typed and more");
  r.destroy();
  await again.close();

  // The owner changes the summary outside co-editing: entering fetches it, once.
  await prisma.task.update({ where: { id: taskId }, data: { summary: "# Changed elsewhere\n- owner typed\n" } });
  const last = await startServer();
  const q = connect(last.url, collaborator.token, name);
  await synced(q);
  expect(text(q)).toBe("# Changed elsewhere\n- owner typed");
});
