import type { HocuspocusProvider } from "@hocuspocus/provider";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";
import { POST as logout } from "@/app/api/auth/logout/route";
import { DELETE as removeCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/[userId]/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { collabDocumentName } from "@/lib/collab/convert";
import { prisma } from "@/lib/server/prisma";
import { call } from "@/tests/helpers/api";
import { closeAllCollab, connectCollab, entries, startCollabServer, synced, textOf, until, type CollabClient } from "@/tests/helpers/collab";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Access that ends takes the co-editing socket with it, at once and in every process: a removed
// collaborator, a signed-out session and a deleted task (docs/collab.md "Removal, sign-out
// and deletion close the socket"). The clients here keep sending frames (a refused Auth for another
// document every 200 ms), which reset Hocuspocus' idle timer and never reach the document's own
// message hook: only the announcement and the server's timer can close them.
jest.setTimeout(60_000);

type User = Awaited<ReturnType<typeof signIn>>;
let owner: User;

/** Long enough that neither the message check nor the timer can be what closed a socket within 2 s. */
const ANNOUNCEMENTS_ONLY = { recheckMs: 120_000, connectionRecheckMs: 120_000 };

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("owner");
});
afterEach(closeAllCollab);

async function sharedTask(title: string, ...collaborators: User[]) {
  const taskId = await seedTranscribedTask(owner.userId, title, MEETING.slice(0, 3));
  for (const c of collaborators) await prisma.collaborator.create({ data: { taskId, userId: c.userId } });
  return taskId;
}

/** The client's current socket: when and how it closed, and a stream of frames to keep it busy. */
function watchSocket(client: CollabClient, token: string) {
  const ws = client.websocketProvider.webSocket!;
  const seen: { closedAt?: number; code?: number; reason?: string } = {};
  ws.addEventListener("close", (event: { code: number; reason: string }) => Object.assign(seen, { closedAt: Date.now(), code: event.code, reason: event.reason }));
  const frame = encoding.createEncoder();
  encoding.writeVarString(frame, "nobody0000:transcript");
  encoding.writeVarUint(frame, 2); // Auth
  encoding.writeVarUint(frame, 0); // token
  encoding.writeVarString(frame, token);
  const bytes = encoding.toUint8Array(frame);
  const busy = setInterval(() => {
    if (ws.readyState === 1) ws.send(bytes);
  }, 200);
  return {
    seen,
    /** Waits for the close; throws if it takes longer than `ms` from `since`. */
    closedWithin: async (since: number, ms: number) => {
      await until("the socket closed", () => seen.closedAt !== undefined, ms + 500);
      clearInterval(busy);
      return seen.closedAt! - since;
    },
    stop: () => clearInterval(busy),
  };
}

const firstText = (p: HocuspocusProvider) => textOf(entries(p.document)[0]!);
function typeInto(p: HocuspocusProvider, words: string) {
  const t = entries(p.document)[0]!.toArray()[0] as Y.XmlText;
  t.insert(t.length, words);
}

test("a collaborator removed on one process loses the socket held by another within 2 s, and no later edit reaches it", async () => {
  const collaborator = await signIn("removed");
  const taskId = await sharedTask("Removal", collaborator);
  const name = collabDocumentName(taskId, "transcript");
  const [a, b] = [await startCollabServer(ANNOUNCEMENTS_ONLY), await startCollabServer(ANNOUNCEMENTS_ONLY)];
  const ownerSide = connectCollab(a.url, owner.token, name);
  const removed = connectCollab(b.url, collaborator.token, name);
  await Promise.all([synced(ownerSide), synced(removed)]);
  typeInto(ownerSide, " before");
  await until("the owner's edit reaches the collaborator on the other process", () => firstText(removed).endsWith(" before"));

  const socket = watchSocket(removed, collaborator.token);
  await new Promise((r) => setTimeout(r, 600)); // frames flowing
  const started = Date.now();
  const res = await call(removeCollaborator, { method: "DELETE", token: owner.token, params: { id: taskId, userId: collaborator.userId } });
  expect(res.code).toBe(200);
  expect(await socket.closedWithin(started, 2000)).toBeLessThan(2000);
  expect(socket.seen).toMatchObject({ code: 4403, reason: "collab.permissionDenied" });

  typeInto(ownerSide, " after");
  await new Promise((r) => setTimeout(r, 1000));
  expect(firstText(ownerSide)).toMatch(/ before after$/);
  expect(firstText(removed)).not.toContain("after");
});

test("signing out closes that user's sockets within 2 s, on every process", async () => {
  const leaver = await signIn("leaver");
  const taskId = await sharedTask("Sign-out", leaver);
  const [a, b] = [await startCollabServer(ANNOUNCEMENTS_ONLY), await startCollabServer(ANNOUNCEMENTS_ONLY)];
  const onA = connectCollab(a.url, leaver.token, collabDocumentName(taskId, "transcript"));
  const onB = connectCollab(b.url, leaver.token, collabDocumentName(taskId, "summary"));
  await Promise.all([synced(onA), synced(onB)]);
  const [sa, sb] = [watchSocket(onA, leaver.token), watchSocket(onB, leaver.token)];
  await new Promise((r) => setTimeout(r, 600));
  const started = Date.now();
  expect((await call(logout, { method: "POST", token: leaver.token, json: {} })).code).toBe(200);
  expect(await sa.closedWithin(started, 2000)).toBeLessThan(2000);
  expect(await sb.closedWithin(started, 2000)).toBeLessThan(2000);
  expect(sa.seen).toMatchObject({ code: 4401, reason: "collab.loginRequired" });
  expect(sb.seen).toMatchObject({ code: 4401, reason: "collab.loginRequired" });
});

test("deleting a task closes the owner's and the collaborators' sockets within 2 s", async () => {
  const collaborator = await signIn("witness");
  const taskId = await sharedTask("Deleted", collaborator);
  const name = collabDocumentName(taskId, "transcript");
  const [a, b] = [await startCollabServer(ANNOUNCEMENTS_ONLY), await startCollabServer(ANNOUNCEMENTS_ONLY)];
  const ownerSide = connectCollab(a.url, owner.token, name);
  const other = connectCollab(b.url, collaborator.token, name);
  await Promise.all([synced(ownerSide), synced(other)]);
  const [so, sc] = [watchSocket(ownerSide, owner.token), watchSocket(other, collaborator.token)];
  const started = Date.now();
  expect((await call(deleteBatch, { method: "POST", token: owner.token, json: { ids: [taskId] } })).code).toBe(200);
  expect(await so.closedWithin(started, 2000)).toBeLessThan(2000);
  expect(await sc.closedWithin(started, 2000)).toBeLessThan(2000);
  expect(sc.seen.reason).toBe("collab.permissionDenied");
});

test("without any announcement, the server's timer closes a socket whose session is gone", async () => {
  const user = await signIn("revoked");
  const taskId = await sharedTask("Timer", user);
  const { url } = await startCollabServer({ recheckMs: 120_000, connectionRecheckMs: 500 });
  const client = connectCollab(url, user.token, collabDocumentName(taskId, "transcript"));
  await synced(client);
  const socket = watchSocket(client, user.token);
  await new Promise((r) => setTimeout(r, 1200));
  expect(socket.seen.closedAt).toBeUndefined(); // re-checked and still allowed
  // Revoked behind the app's back (an operator, a restore): nobody announces it.
  const started = Date.now();
  await prisma.session.deleteMany({ where: { userId: user.userId } });
  expect(await socket.closedWithin(started, 1500)).toBeLessThan(1500);
  expect(socket.seen.reason).toBe("collab.loginRequired");
});

test("a socket carrying another task the user may still edit stays open; only the refused document closes", async () => {
  const collaborator = await signIn("two-tasks");
  const [kept, lost] = [await sharedTask("Kept", collaborator), await sharedTask("Lost", collaborator)];
  const { url } = await startCollabServer(ANNOUNCEMENTS_ONLY);
  const ownerSide = connectCollab(url, owner.token, collabDocumentName(kept, "transcript"));
  const first = connectCollab(url, collaborator.token, collabDocumentName(kept, "transcript"));
  const closed: string[] = [];
  const second = connectCollab(url, collaborator.token, collabDocumentName(lost, "transcript"), { socket: first.websocketProvider });
  second.on("close", ({ event }: { event: { reason: string } }) => closed.push(event.reason));
  await Promise.all([synced(ownerSide), synced(first), synced(second)]);
  const socket = watchSocket(first, collaborator.token);
  await call(removeCollaborator, { method: "DELETE", token: owner.token, params: { id: lost, userId: collaborator.userId } });
  await until("the lost task's document closed", () => closed.includes("collab.permissionDenied"), 2000);
  typeInto(ownerSide, " still shared");
  await until("the kept task still syncs on the same socket", () => firstText(first).endsWith(" still shared"));
  expect(socket.seen.closedAt).toBeUndefined();
  socket.stop();
});
