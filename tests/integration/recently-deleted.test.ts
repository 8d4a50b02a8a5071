import { POST as addCollaborator } from "@/app/api/collaboration/documents/[id]/collaborators/route";
import { GET as listShared } from "@/app/api/collaboration/documents/route";
import { GET as search } from "@/app/api/search/route";
import { GET as viewByLink } from "@/app/api/transcription/share/[date]/[slugToken]/route";
import { POST as createShare } from "@/app/api/transcription/tasks/[id]/share/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { POST as deleteBatch } from "@/app/api/transcription/tasks/delete-batch/route";
import { POST as deleteForever } from "@/app/api/transcription/tasks/delete-forever/route";
import { GET as listDeleted } from "@/app/api/transcription/tasks/deleted/route";
import { POST as restore } from "@/app/api/transcription/tasks/restore/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { mindMapFromMarkdown } from "@/lib/analysis/mindmap";
import { chargeTask } from "@/lib/billing/ledger";
import { periodOf } from "@/lib/billing/usage";
import { collabPermission } from "@/lib/tasks/permission";
import { prisma, Prisma } from "@/lib/server/prisma";
import type { ShareState } from "@/lib/sharing/sharing.service";
import { storage } from "@/lib/storage/storage";
import { purgeExpiredTasks, RETENTION_DAYS } from "@/lib/tasks/recently-deleted";
import { assertTaskAlive, TaskGoneError } from "@/lib/tasks/write-guard";
import { mediaFolder } from "@/lib/tasks/task-files";
import { call } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Recently deleted (docs/recently-deleted.md): a deleted task is hidden from lists, search,
// share links and collaborators; its owner restores it unchanged within 30 days; the sweep
// purges it after that with its files; deleting gives no minutes back.

type User = Awaited<ReturnType<typeof signIn>>;
let owner: User;
let helper: User;
let stranger: User;

beforeAll(async () => {
  await setupTestDatabase();
  [owner, helper, stranger] = await Promise.all([signIn("rd-owner"), signIn("rd-helper"), signIn("rd-stranger")]);
});

const DAY = 24 * 3600_000;
const SUMMARY = "## Decisions\n- Ship the battery fix in the launch build";

/** A finished, analysed task with a stored file, charged `seconds`. */
async function finishedTask(user: User, title: string, seconds = 120) {
  const id = await seedTranscribedTask(user.userId, title, MEETING);
  await prisma.task.update({ where: { id }, data: { status: "analysis_completed", summary: SUMMARY, summaryLanguage: "en", mindMap: mindMapFromMarkdown(SUMMARY, title) as unknown as Prisma.InputJsonValue } });
  await storage().putBytes(`${mediaFolder(user.userId, id)}/normalized.wav`, Buffer.from("RIFF....WAVE"));
  await prisma.$transaction((db) => chargeTask(db, { taskId: id, userId: user.userId, seconds }));
  return id;
}

async function storedNames(user: User, id: string) {
  const folder = mediaFolder(user.userId, id);
  const names: string[] = [];
  for await (const o of storage().list(folder)) names.push(o.key.slice(folder.length + 1));
  return names;
}

async function usedSeconds(user: User) {
  const row = await prisma.usagePeriod.findUnique({ where: { userId_periodStart: { userId: user.userId, periodStart: periodOf(new Date()).start } }, select: { usedSeconds: true } });
  return row?.usedSeconds ?? 0;
}

const listedIds = async (user: User) => (await call<{ items: { id: string }[] }>(listTasks, { token: user.token, query: { page: "1", page_size: "50" } })).data.items.map((t) => t.id);
const searchIds = async (user: User, q: string) => (await call<{ items: { taskId: string }[] }>(search, { token: user.token, query: { q } })).data.items.map((h) => h.taskId);
const shareView = (share: ShareState) => {
  const parts = share.path.split("/");
  return call(viewByLink, { params: { date: parts.at(-2)!, slugToken: parts.at(-1)! }, headers: { "x-locale": "en" } });
};
const deletedList = async (user: User) => (await call<{ retentionDays: number; tasks: { id: string; deletedAt: string; purgeAt: string }[] }>(listDeleted, { token: user.token })).data;

test("a deleted task is hidden everywhere, keeps its files and its charge, and comes back unchanged", async () => {
  const id = await finishedTask(owner, "Battery launch review");
  const share = (await call<ShareState>(createShare, { token: owner.token, params: { id } })).data;
  expect((await call(addCollaborator, { token: owner.token, params: { id }, json: { user_identifier: helper.email } })).code).toBe(200);
  const before = await prisma.task.findUniqueOrThrow({ where: { id }, select: { title: true, status: true, fullText: true, summary: true, folderId: true, _count: { select: { timeline: true, speakers: true } } } });
  const charged = await usedSeconds(owner);
  expect(charged).toBe(120);
  expect(await listedIds(owner)).toContain(id);
  expect(await searchIds(owner, "battery")).toContain(id);
  expect((await shareView(share)).code).toBe(200);
  expect(await collabPermission(id, helper.userId)).toBeTruthy();

  const del = await call<{ deleted: number }>(deleteBatch, { token: owner.token, json: { ids: [id] } });
  expect(del.data.deleted).toBe(1);

  // Hidden: lists, the task itself, search, the share link, the collaborator's list and permission, running work.
  expect(await listedIds(owner)).not.toContain(id);
  expect((await call(getTask, { token: owner.token, params: { id } })).code).toBe(404);
  expect(await searchIds(owner, "battery")).not.toContain(id);
  expect(await searchIds(helper, "battery")).not.toContain(id);
  expect((await shareView(share)).data).toMatchObject({ error: "share.linkInvalid" });
  expect((await call(getTask, { token: helper.token, params: { id } })).code).toBe(404);
  const shared = await call<{ list?: { id: string }[]; items?: { id: string }[] }>(listShared, { token: helper.token });
  expect(JSON.stringify(shared.data)).not.toContain(id);
  expect(await collabPermission(id, helper.userId)).toBeFalsy();
  await expect(assertTaskAlive(id)).rejects.toBeInstanceOf(TaskGoneError);

  // Kept: the files, and the minutes (deleting refunds nothing).
  expect(await storedNames(owner, id)).toEqual(["normalized.wav"]);
  expect(await usedSeconds(owner)).toBe(charged);

  // Listed under Recently deleted with its purge date 30 days on; nobody else sees it there.
  const mine = await deletedList(owner);
  expect(mine.retentionDays).toBe(RETENTION_DAYS);
  const row = mine.tasks.find((t) => t.id === id)!;
  expect(new Date(row.purgeAt).getTime() - new Date(row.deletedAt).getTime()).toBe(30 * DAY);
  expect((await deletedList(stranger)).tasks).toEqual([]);
  // Deleting it again is "not found": it is no longer among the live tasks.
  expect((await call(deleteBatch, { token: owner.token, json: { ids: [id] } })).data).toMatchObject({ error: "tasks.notFound" });

  // Only the owner restores.
  expect((await call(restore, { token: stranger.token, json: { ids: [id] } })).data).toMatchObject({ error: "tasks.notFound" });
  expect((await call<{ restored: number }>(restore, { token: owner.token, json: { ids: [id] } })).data.restored).toBe(1);
  expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { title: true, status: true, fullText: true, summary: true, folderId: true, _count: { select: { timeline: true, speakers: true } } } })).toEqual(before);
  expect(await listedIds(owner)).toContain(id);
  expect(await searchIds(owner, "battery")).toContain(id);
  expect((await shareView(share)).code).toBe(200);
  expect(await collabPermission(id, helper.userId)).toBeTruthy();
  expect(await usedSeconds(owner)).toBe(charged);
  expect((await deletedList(owner)).tasks.map((t) => t.id)).not.toContain(id);
});

test("a transcription stopped by the delete comes back failed with its minutes given back, so Retry charges it once", async () => {
  const id = await seedTranscribedTask(owner.userId, "Interrupted", MEETING, "transcribing");
  await prisma.$transaction((db) => chargeTask(db, { taskId: id, userId: owner.userId, seconds: 30 }));
  const before = await usedSeconds(owner);
  await call(deleteBatch, { token: owner.token, json: { ids: [id] } });
  // The started work stays charged while the task is deleted.
  expect(await usedSeconds(owner)).toBe(before);
  await call(restore, { token: owner.token, json: { ids: [id] } });
  expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true, deletedAt: true } })).toEqual({ status: "failed", errorCode: "stopped_by_delete", deletedAt: null });
  expect(await usedSeconds(owner)).toBe(before - 30);
});

test("the sweep purges tasks deleted over 30 days ago with their files; younger ones stay; the ledger keeps the charge", async () => {
  const old = await finishedTask(owner, "Old and deleted", 60);
  const young = await finishedTask(owner, "Recently deleted", 60);
  const charged = await usedSeconds(owner);
  await call(deleteBatch, { token: owner.token, json: { ids: [old, young] } });
  const now = Date.now();
  await prisma.task.update({ where: { id: old }, data: { deletedAt: new Date(now - 31 * DAY) } });
  await prisma.task.update({ where: { id: young }, data: { deletedAt: new Date(now - 29 * DAY) } });

  expect(await purgeExpiredTasks(new Date(now))).toBe(1);
  expect(await prisma.task.count({ where: { id: old } })).toBe(0);
  expect(await prisma.timelineEntry.count({ where: { taskId: old } })).toBe(0);
  expect(await storedNames(owner, old)).toEqual([]);
  expect(await prisma.task.count({ where: { id: young } })).toBe(1);
  expect(await storedNames(owner, young)).toEqual(["normalized.wav"]);
  // No refund, before or after the purge: the charge stays, detached from the purged task.
  expect(await usedSeconds(owner)).toBe(charged);
  expect(await prisma.usageCharge.count({ where: { userId: owner.userId, taskId: null, refundedAt: null, seconds: 60 } })).toBe(1);
});

test("Delete forever removes only tasks already in Recently deleted, and only the owner's", async () => {
  const live = await finishedTask(owner, "Still here", 10);
  expect((await call(deleteForever, { token: owner.token, json: { ids: [live] } })).data).toMatchObject({ error: "tasks.notFound" });
  expect(await prisma.task.count({ where: { id: live } })).toBe(1);
  await call(deleteBatch, { token: owner.token, json: { ids: [live] } });
  expect((await call(deleteForever, { token: stranger.token, json: { ids: [live] } })).data).toMatchObject({ error: "tasks.notFound" });
  expect((await call<{ deleted: number }>(deleteForever, { token: owner.token, json: { ids: [live] } })).data.deleted).toBe(1);
  expect(await prisma.task.count({ where: { id: live } })).toBe(0);
  expect(await storedNames(owner, live)).toEqual([]);
});
