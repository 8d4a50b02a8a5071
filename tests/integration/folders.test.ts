import { GET as listFoldersRoute, POST as createFolderRoute } from "@/app/api/folder/route";
import { PUT as renameFolderRoute, DELETE as deleteFolderRoute } from "@/app/api/folder/[id]/route";
import { POST as moveRoute } from "@/app/api/folder/[id]/move/route";
import { POST as moveBatchRoute } from "@/app/api/folder/move-batch/route";
import { GET as statsRoute } from "@/app/api/folder/stats/route";
import { GET as taskPageRoute } from "@/app/api/task/route";
import { GET as listTasksRoute } from "@/app/api/transcription/tasks/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";

// Folder rules, routes and error messages against the real database: names trimmed,
// not empty, unique per user regardless of case (in the database too); moves of one
// or several tasks; "already in folder"; deleting a folder keeps its recordings.
let user: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;
let tasks: string[];

interface Folder {
  id: string;
  name: string;
  taskCount: number;
}
interface Stats {
  all: number;
  uncategorized: number;
  folders: { id: string; name: string; count: number }[];
}
interface TaskPage {
  items: { id: string; folderId: string | null; folder: { id: string; name: string } | null }[];
  total: number;
}

const create = (name: string, token = user.token, locale = "en") => call<Folder & { error?: string }>(createFolderRoute, { token, json: { name }, headers: { "x-locale": locale } });
const rename = (id: string, name: string, token = user.token) => call<Folder & { error?: string }>(renameFolderRoute, { token, method: "PUT", params: { id }, json: { name } });
const remove = (id: string, token = user.token) => call<{ deleted: string; movedToUncategorized: number; error?: string }>(deleteFolderRoute, { token, method: "DELETE", params: { id } });
const move = (taskId: string, folderId: string | null, token = user.token) => call<{ moved: number; error?: string }>(moveRoute, { token, params: { id: taskId }, json: { folderId } });
const moveMany = (ids: string[], folderId: string | null, token = user.token) => call<{ moved: number; skipped: number; error?: string }>(moveBatchRoute, { token, json: { ids, folderId } });
const stats = async (token = user.token) => (await call<Stats>(statsRoute, { token })).data;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("folders");
  other = await signIn("folders-other");
  tasks = [];
  for (const title of ["Standup", "Interview", "Lecture", "Podcast"]) tasks.push(await seedTranscribedTask(user.userId, title, MEETING));
});

test("names are trimmed, not empty, not too long, and unique per user regardless of case", async () => {
  const work = await create("  Work   notes  ");
  expect(work.code).toBe(200);
  expect(work.data).toMatchObject({ name: "Work notes", taskCount: 0 });

  const empty = await create("   \u200b ");
  expect(empty.data.error).toBe("folders.nameEmpty");
  expect(empty.message).toBe("Folder name cannot be empty");
  expect((await create("x".repeat(51))).data.error).toBe("folders.nameTooLong");

  const clash = await create("WORK NOTES");
  expect(clash.code).toBe(409);
  expect(clash.data.error).toBe("folders.nameExists");
  expect(clash.message).toBe('A folder named "WORK NOTES" already exists');
  // In the caller's language.
  expect((await create("work notes", user.token, "zh")).message).toBe("已存在名为“work notes”的文件夹");

  // Another user may use the same name.
  expect((await create("Work notes", other.token)).code).toBe(200);

  // A control character is refused with its own message; nothing is created.
  const hostile = await create("Bad\u0000name");
  expect(hostile.code).toBe(400);
  expect(hostile.data.error).toBe("common.invalidCharacters");

  const listed = await call<{ items: Folder[] }>(listFoldersRoute, { token: user.token });
  expect(listed.data.items.map((f) => f.name)).toEqual(["Work notes"]);
});

test("the database itself refuses two names that differ only in case", async () => {
  await prisma.folder.create({ data: { userId: user.userId, name: "Archive" } });
  await expect(prisma.folder.create({ data: { userId: user.userId, name: "ARCHIVE" } })).rejects.toMatchObject({ code: "P2002" });
  // Concurrent creates of one name: exactly one wins, the others are told the name exists.
  const answers = await Promise.all(["Race", "race", "RACE", "rAcE"].map((n) => create(n)));
  expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  expect(answers.filter((a) => a.code !== 200).map((a) => a.data.error)).toEqual(["folders.nameExists", "folders.nameExists", "folders.nameExists"]);
});

test("rename: same rules; a folder may change the case of its own name", async () => {
  const a = (await create("Clients")).data;
  const b = (await create("Projects")).data;
  expect((await rename(a.id, "  ")).data.error).toBe("folders.nameEmpty");
  expect((await rename(a.id, "projects")).data.error).toBe("folders.nameExists");
  const own = await rename(a.id, "CLIENTS");
  expect(own.code).toBe(200);
  expect(own.data.name).toBe("CLIENTS");
  expect((await rename(b.id, " Projects 2026 ")).data.name).toBe("Projects 2026");
  const missing = await rename("nope", "Anything");
  expect(missing.status).toBe(400);
  expect(missing.code).toBe(404);
  expect(missing.data.error).toBe("folders.notFound");
  expect(missing.message).toBe("Folder not found or deleted");
});

test("move one task, several at once, and back to uncategorized; counts follow", async () => {
  const folder = (await create("Meetings")).data;
  const before = await stats();
  expect(before.all).toBe(4);
  expect(before.uncategorized).toBe(4);

  expect((await move(tasks[0]!, folder.id)).data.moved).toBe(1);
  const again = await move(tasks[0]!, folder.id);
  expect(again.data.error).toBe("folders.alreadyInFolder");
  expect(again.message).toBe("The file is already in this folder");

  // A batch: the one already there is skipped, the others move.
  const batch = await moveMany([tasks[0]!, tasks[1]!, tasks[2]!], folder.id);
  expect(batch.data).toMatchObject({ moved: 2, skipped: 1 });
  expect((await moveMany([tasks[1]!, tasks[2]!], folder.id)).data.error).toBe("folders.alreadyInFolder");

  let s = await stats();
  expect(s).toMatchObject({ all: 4, uncategorized: 1 });
  expect(s.folders.find((f) => f.id === folder.id)?.count).toBe(3);

  // The task list by folder, under both names, carries the folder id.
  const inFolder = await call<TaskPage>(taskPageRoute, { token: user.token, query: { page: "1", folderId: folder.id } });
  expect(inFolder.data.total).toBe(3);
  expect(inFolder.data.items.every((t) => t.folderId === folder.id && t.folder?.name === "Meetings")).toBe(true);
  const legacy = await call<TaskPage>(listTasksRoute, { token: user.token, query: { folder_id: folder.id } });
  expect(legacy.data.items.map((t) => t.id).sort()).toEqual(inFolder.data.items.map((t) => t.id).sort());
  const loose = await call<TaskPage>(taskPageRoute, { token: user.token, query: { folderId: "uncategorized" } });
  expect(loose.data.items.map((t) => t.id)).toEqual([tasks[3]]);
  expect(loose.data.items[0]!.folderId).toBeNull();
  expect((await call<TaskPage>(taskPageRoute, { token: user.token, query: { page: "1" } })).data.total).toBe(4);

  // null moves back to uncategorized; moving an uncategorized task there again is "already in folder".
  expect((await move(tasks[2]!, null)).data.moved).toBe(1);
  expect((await move(tasks[2]!, null)).data.error).toBe("folders.alreadyInFolder");
  s = await stats();
  expect(s.uncategorized).toBe(2);
  expect(s.folders.find((f) => f.id === folder.id)?.count).toBe(2);
});

test("unknown folders and tasks, or other users' ones, are 'not found' and change nothing", async () => {
  const mine = (await create("Mine only")).data;
  const theirs = (await create("Theirs", other.token)).data;
  const theirTask = await seedTranscribedTask(other.userId, "Their call", MEETING);

  const noFolder = await move(tasks[3]!, theirs.id);
  expect(noFolder.data.error).toBe("folders.notFound");
  const noFile = await move(theirTask, mine.id);
  expect(noFile.data.error).toBe("folders.fileNotFound");
  expect(noFile.message).toBe("File not found or deleted");
  // One foreign id spoils the batch: nothing moves.
  expect((await moveMany([tasks[3]!, theirTask], mine.id)).data.error).toBe("folders.fileNotFound");
  expect((await prisma.task.findUniqueOrThrow({ where: { id: tasks[3]! } })).folderId).toBeNull();
  expect((await prisma.task.findUniqueOrThrow({ where: { id: theirTask } })).folderId).toBeNull();

  expect((await rename(theirs.id, "Hijacked")).data.error).toBe("folders.notFound");
  expect((await remove(theirs.id)).data.error).toBe("folders.notFound");
  expect((await prisma.folder.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
  // Another user's folder id in the list filter shows nothing of theirs.
  await call(moveRoute, { token: other.token, params: { id: theirTask }, json: { folderId: theirs.id } });
  const peek = await call<TaskPage>(taskPageRoute, { token: user.token, query: { folderId: theirs.id } });
  expect(peek.data).toMatchObject({ items: [], total: 0 });
  // A missing folderId is a validation error, not a silent move to uncategorized.
  expect((await call(moveRoute, { token: user.token, params: { id: tasks[3]! }, json: {} })).code).toBe(400);
});

test("deleting a folder moves its tasks to uncategorized and deletes no recording", async () => {
  const folder = (await create("Temporary")).data;
  await moveMany([tasks[0]!, tasks[1]!], folder.id);
  const del = await remove(folder.id);
  expect(del.code).toBe(200);
  expect(del.data.movedToUncategorized).toBe(2);
  const rows = await prisma.task.findMany({ where: { id: { in: [tasks[0]!, tasks[1]!] } }, select: { folderId: true, deletedAt: true, _count: { select: { timeline: true } } } });
  expect(rows).toHaveLength(2);
  expect(rows.every((r) => r.folderId === null && r.deletedAt === null && r._count.timeline === MEETING.length)).toBe(true);
  expect((await stats()).all).toBe(4);
  expect((await remove(folder.id)).data.error).toBe("folders.notFound");
  expect((await move(tasks[0]!, folder.id)).data.error).toBe("folders.notFound");
});

test("every folder message exists in all nine languages, and differs from English", async () => {
  const en = (await import("@/messages/en/errors.json")).default as { folders: Record<string, string> };
  for (const locale of ["zh", "de", "it", "ru", "ja", "ko", "fr", "es"]) {
    const msgs = (await import(`@/messages/${locale}/errors.json`)).default as { folders: Record<string, string> };
    for (const key of ["nameEmpty", "nameTooLong", "nameExists", "alreadyInFolder", "notFound", "fileNotFound", "createFailed", "renameFailed", "deleteFailed", "moveFailed"]) {
      expect(msgs.folders[key]).toBeTruthy();
      expect(msgs.folders[key]).not.toBe(en.folders[key]);
    }
  }
});

test("nobody without a token gets anything", async () => {
  expect((await call(listFoldersRoute, {})).status).toBe(401);
  expect((await call(statsRoute, {})).status).toBe(401);
  expect((await call(moveBatchRoute, { json: { ids: [tasks[0]!], folderId: null } })).status).toBe(401);
});
