import "./collaborators.env";
import { GET as listShared } from "@/app/api/collaboration/documents/route";
import { GET as listCollaborators, POST as addCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/route";
import { DELETE as removeCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/[userId]/route";
import { GET as permission } from "@/app/api/collaboration/documents/[id]/permission/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as mediaUrl } from "@/app/api/transcription/tasks/[id]/media-url/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { PUT as editTitle } from "@/app/api/transcription/[id]/edit-title/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Collaborator rules and their error messages through the real
// route handlers, database and Redis: who may list, add and remove; what a
// collaborator may read; that a stranger learns nothing.
jest.setTimeout(60_000);

type User = Awaited<ReturnType<typeof signIn>>;
let owner: User, carol: User, bob: User;
let taskId: string;

interface Person {
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
  isOwner: boolean;
}

const add = (who: User, id: string, identifier: string, headers: Record<string, string> = {}) =>
  call<{ collaborator: Person; error?: string }>(addCollaborator, { token: who.token, params: { id }, json: { user_identifier: identifier }, headers });
const remove = (who: User, id: string, userId: string) => call<{ error?: string }>(removeCollaborator, { token: who.token, method: "DELETE", params: { id, userId } });
const errorOf = (res: { data: unknown }) => (res.data as { error?: string } | null)?.error;

beforeAll(async () => {
  await setupTestDatabase();
  owner = await signIn("owner");
  carol = await signIn("carol");
  bob = await signIn("bob");
  taskId = await seedTranscribedTask(owner.userId, "Quarterly planning", MEETING);
  await prisma.user.update({ where: { id: owner.userId }, data: { username: "Olivia Owner" } });
});

test("the owner adds a collaborator by email; both see the list, owner first", async () => {
  const res = await add(owner, taskId, `  ${carol.email.toUpperCase()} `);
  expect(res.code).toBe(200);
  expect(res.data.collaborator).toMatchObject({ userId: carol.userId, email: carol.email, isOwner: false });
  for (const who of [owner, carol]) {
    const list = await call<{ role: string; items: Person[] }>(listCollaborators, { token: who.token, params: { id: taskId } });
    expect(list.code).toBe(200);
    expect(list.data.items.map((p) => [p.userId, p.isOwner])).toEqual([
      [owner.userId, true],
      [carol.userId, false],
    ]);
    expect(list.data.role).toBe(who === owner ? "owner" : "collaborator");
  }
  const stranger = await call(listCollaborators, { token: bob.token, params: { id: taskId } });
  expect(errorOf(stranger)).toBe("collab.documentNotFound");
  expect(stranger.status).toBe(400);
  expect(stranger.code).toBe(404);
  expect(JSON.stringify(stranger)).not.toContain(carol.email);
});

test("every rule has its own message", async () => {
  const invalid = await add(owner, taskId, "not-an-email");
  expect(errorOf(invalid)).toBe("collab.invalidEmail");
  expect(invalid.message).toBe("Please enter a valid email address");
  const unknown = await add(owner, taskId, "nobody-here@example.com");
  expect(errorOf(unknown)).toBe("collab.userNotFound");
  expect(unknown.code).toBe(404);
  expect(unknown.status).toBe(400);
  expect(errorOf(await add(owner, taskId, carol.email))).toBe("collab.alreadyCollaborator");
  const self = await add(owner, taskId, owner.email);
  expect(errorOf(self)).toBe("collab.ownerCannotBeAdded");
  expect(self.message).toBe("The owner cannot be added as a collaborator");
  const removeOwner = await remove(owner, taskId, owner.userId);
  expect(errorOf(removeOwner)).toBe("collab.ownerCannotBeRemoved");
  expect(errorOf(await remove(owner, taskId, bob.userId))).toBe("collab.collaboratorNotFound");
  expect(errorOf(await remove(owner, taskId, "no-such-user"))).toBe("collab.collaboratorNotFound");
  // In the user's language.
  const zh = await add(owner, taskId, "nobody-here@example.com", { "x-locale": "zh" });
  expect(zh.message).toBe("未找到该账号的用户，对方需要先登录一次");
  const de = await add(owner, taskId, "x@", { "x-locale": "de" });
  expect(de.message).toBe("Bitte gib eine gültige E-Mail-Adresse ein");
});

test("only the owner adds or removes, and neither a collaborator nor a stranger learns whether an email is registered", async () => {
  for (const identifier of [bob.email, "nobody-here@example.com", "not-an-email", owner.email]) {
    const byCollaborator = await add(carol, taskId, identifier);
    expect(errorOf(byCollaborator)).toBe("collab.onlyOwner");
    expect(byCollaborator.message).toBe("Only the owner can add or remove collaborators");
    expect(errorOf(await add(bob, taskId, identifier))).toBe("collab.documentNotFound");
  }
  expect(errorOf(await remove(carol, taskId, carol.userId))).toBe("collab.onlyOwner");
  expect(errorOf(await remove(bob, taskId, carol.userId))).toBe("collab.documentNotFound");
  expect(errorOf(await add(bob, "no-such-task", bob.email))).toBe("collab.documentNotFound");
  expect(await prisma.collaborator.count({ where: { taskId } })).toBe(1);
});

test("the permission route answers each caller's role and what it allows, and nothing about existence", async () => {
  const of = async (who: User, id: string) => (await call<{ role: string; can: Record<string, boolean> }>(permission, { token: who.token, params: { id } })).data;
  expect(await of(owner, taskId)).toEqual({ role: "owner", can: { read: true, edit: true, share: true, delete: true, manageCollaborators: true } });
  expect(await of(carol, taskId)).toEqual({ role: "collaborator", can: { read: true, edit: true, share: false, delete: false, manageCollaborators: false } });
  const none = { role: "none", can: { read: false, edit: false, share: false, delete: false, manageCollaborators: false } };
  expect(await of(bob, taskId)).toEqual(none);
  expect(await of(bob, "no-such-task")).toEqual(none);
});

test("a collaborator finds the task under Shared with me and reads it, but cannot delete or rename it", async () => {
  await prisma.task.update({ where: { id: taskId }, data: { mediaKey: `${owner.userId}/${taskId}/media.m4a`, mediaKind: "audio" } });
  const shared = await call<{ items: { id: string; folder: unknown; access: { ownerName: string } }[]; total: number }>(listShared, { token: carol.token });
  expect(shared.data.total).toBe(1);
  expect(shared.data.items[0]).toMatchObject({ id: taskId, folder: null, access: { role: "collaborator", ownerName: "Olivia Owner" } });
  // Not in the collaborator's own list, and nothing shared with the owner or a stranger.
  expect((await call<{ total: number }>(listTasks, { token: carol.token })).data.total).toBe(0);
  expect((await call<{ total: number }>(listShared, { token: owner.token })).data.total).toBe(0);
  expect((await call<{ total: number }>(listShared, { token: bob.token })).data.total).toBe(0);

  const detail = await call<{ title: string; timeline: unknown[]; access: { role: string; ownerName: string | null } }>(getTask, { token: carol.token, params: { id: taskId } });
  expect(detail.code).toBe(200);
  expect(detail.data.title).toBe("Quarterly planning");
  expect(detail.data.timeline.length).toBe(MEETING.length);
  expect(detail.data.access).toEqual({ role: "collaborator", ownerName: "Olivia Owner" });
  expect((await call<{ access: unknown }>(getTask, { token: owner.token, params: { id: taskId } })).data.access).toEqual({ role: "owner", ownerName: null });
  expect((await call<{ url: string }>(mediaUrl, { token: carol.token, params: { id: taskId } })).data.url).toContain(`/api/media/${taskId}?exp=`);

  expect(errorOf(await call(deleteBatch, { token: carol.token, json: { ids: [taskId] } }))).toBe("tasks.notFound");
  expect(errorOf(await call(editTitle, { token: carol.token, method: "PUT", params: { id: taskId }, json: { title: "Carol was here" } }))).toBe("tasks.notFound");
  expect(await prisma.task.findUniqueOrThrow({ where: { id: taskId }, select: { title: true, deletedAt: true } })).toEqual({ title: "Quarterly planning", deletedAt: null });
  expect(errorOf(await call(getTask, { token: bob.token, params: { id: taskId } }))).toBe("tasks.notFound");
});

test("removed, the collaborator loses access at once", async () => {
  const res = await remove(owner, taskId, carol.userId);
  expect(res.code).toBe(200);
  expect(errorOf(await call(getTask, { token: carol.token, params: { id: taskId } }))).toBe("tasks.notFound");
  expect(errorOf(await call(mediaUrl, { token: carol.token, params: { id: taskId } }))).toBe("tasks.notFound");
  expect((await call<{ total: number }>(listShared, { token: carol.token })).data.total).toBe(0);
  expect(errorOf(await call(listCollaborators, { token: carol.token, params: { id: taskId } }))).toBe("collab.documentNotFound");
});

test("a deleted task is 'document not found or deleted' for everyone, and leaves Shared with me", async () => {
  const other = await seedTranscribedTask(owner.userId, "Soon deleted", MEETING);
  expect((await add(owner, other, carol.email)).code).toBe(200);
  await prisma.task.update({ where: { id: other }, data: { deletedAt: new Date() } });
  const res = await add(owner, other, bob.email);
  expect(errorOf(res)).toBe("collab.documentNotFound");
  expect(res.message).toBe("Document not found or deleted");
  expect(errorOf(await call(listCollaborators, { token: carol.token, params: { id: other } }))).toBe("collab.documentNotFound");
  expect((await call<{ total: number }>(listShared, { token: carol.token })).data.total).toBe(0);
});

test("the China edition adds by phone number", async () => {
  // An account of the China edition (made there): its token works only on a China host.
  const owner = await signIn("cn-owner", { edition: "china" });
  const taskId = await seedTranscribedTask(owner.userId, "Weekly sync", MEETING);
  const phoneUser = await prisma.user.create({ data: { phone: "13800138000", username: "Wang Wei", referralCode: `cn-${Date.now()}`, edition: "china" }, select: { id: true } });
  const china = { "x-forwarded-host": "app.tingji.cn" };
  const email = await add(owner, taskId, bob.email, china);
  expect(errorOf(email)).toBe("collab.invalidPhone");
  // The China edition speaks Chinese.
  expect(email.message).toBe("请输入有效的手机号码");
  expect(errorOf(await add(owner, taskId, "12345", china))).toBe("collab.invalidPhone");
  expect(errorOf(await add(owner, taskId, "13900000000", china))).toBe("collab.userNotFound");
  const ok = await add(owner, taskId, "+86 138-0013-8000", china);
  expect(ok.code).toBe(200);
  expect(ok.data.collaborator).toMatchObject({ userId: phoneUser.id, phone: "13800138000", name: "Wang Wei" });
  // On the international edition a phone number is not an email.
  const intl = await signIn("intl-owner");
  expect(errorOf(await add(intl, await seedTranscribedTask(intl.userId, "Sync", MEETING), "13800138000"))).toBe("collab.invalidEmail");
});

test("adding is rate-limited per owner, so 'user not found' cannot enumerate accounts quickly", async () => {
  const prober = await signIn("prober");
  const own = await seedTranscribedTask(prober.userId, "Prober's task", MEETING);
  const answers: (string | undefined)[] = [];
  for (let i = 0; i < 22; i++) answers.push(errorOf(await add(prober, own, `guess${i}@example.com`)));
  expect(answers.slice(0, 20).every((e) => e === "collab.userNotFound")).toBe(true);
  expect(answers.slice(20)).toEqual(["common.rateLimited", "common.rateLimited"]);
  const limited = await add(prober, own, carol.email);
  expect(limited.status).toBe(429);
  // Another owner is not affected.
  expect((await add(owner, taskId, carol.email)).code).toBe(200);
});
