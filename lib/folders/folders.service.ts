import "server-only";
import { AppError, type ErrorKey } from "@/lib/server/errors";
import { logger } from "@/lib/server/logger";
import { prisma, Prisma } from "@/lib/server/prisma";
import { updateTaskFields } from "@/lib/tasks/write-guard";
import { checkFolderName, MAX_FOLDER_NAME } from "./folder.schema";

// The owner's folders and the moves of tasks between them (validation rules, API contract Folders).
// Every query names the owner in `where`: another user's folder or task is "not found".
// Deleting a folder never deletes a task: its tasks go back to "uncategorized".

const folderSelect = { id: true, name: true, createdAt: true, updatedAt: true } as const;
/** Tasks that count: the owner's, not deleted. */
const liveTasks = (userId: string) => ({ userId, deletedAt: null });
/** How many live tasks are in a folder (null: uncategorized; undefined: all). */
const countTasks = (userId: string, folderId?: string | null) => prisma.task.count({ where: folderId === undefined ? liveTasks(userId) : { ...liveTasks(userId), folderId } });

/** Validates a name, turning each rule into its catalogue error. */
function validName(raw: string): string {
  const checked = checkFolderName(raw);
  if (checked.ok) return checked.name;
  throw checked.problem === "empty" ? new AppError("folders.nameEmpty") : new AppError("folders.nameTooLong", { max: MAX_FOLDER_NAME });
}

/** The caller's folder whose name equals `name` regardless of case (the unique index's own rule), other than `exceptId`. */
async function sameNamedFolder(userId: string, name: string, exceptId?: string): Promise<string | null> {
  const rows = await prisma.$queryRaw<{ id: string }[]>`SELECT id FROM "Folder" WHERE "userId" = ${userId} AND lower(name) = lower(${name}) LIMIT 2`;
  return rows.find((r) => r.id !== exceptId)?.id ?? null;
}

async function findOwnedFolder(userId: string, id: string) {
  const folder = await prisma.folder.findFirst({ where: { id, userId }, select: folderSelect });
  if (!folder) throw new AppError("folders.notFound");
  return folder;
}

/**
 * Runs a write; a unique-index clash (two requests creating "Work" and "work" at once)
 * becomes "name exists", and any other refusal by the database the operation's own
 * catalogue failure. Outages and unknown errors pass through (503 / 500 in lib/api/respond.ts).
 */
async function writing<T>(failure: ErrorKey, name: string | null, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof Prisma.PrismaClientKnownRequestError) {
      if (e.code === "P2002" && name !== null) throw new AppError("folders.nameExists", { name });
      if (e.code.startsWith("P2") && e.code !== "P2024") {
        logger.warn("folder write refused", { failure, code: e.code, error: e.message });
        throw new AppError(failure);
      }
    }
    throw e;
  }
}

export async function listFolders(userId: string) {
  const [folders, counts] = await Promise.all([
    prisma.folder.findMany({ where: { userId }, select: folderSelect, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.task.groupBy({ by: ["folderId"], where: { ...liveTasks(userId), folderId: { not: null } }, _count: { _all: true } }),
  ]);
  const countOf = new Map(counts.map((c) => [c.folderId, c._count._all]));
  return { items: folders.map((f) => ({ ...f, taskCount: countOf.get(f.id) ?? 0 })) };
}

export async function createFolder(userId: string, rawName: string) {
  const name = validName(rawName);
  if (await sameNamedFolder(userId, name)) throw new AppError("folders.nameExists", { name });
  const folder = await writing("folders.createFailed", name, () => prisma.folder.create({ data: { userId, name }, select: folderSelect }));
  return { ...folder, taskCount: 0 };
}

/** Renames; changing only the case of the folder's own name is allowed. */
export async function renameFolder(userId: string, id: string, rawName: string) {
  const name = validName(rawName);
  await findOwnedFolder(userId, id);
  if (await sameNamedFolder(userId, name, id)) throw new AppError("folders.nameExists", { name });
  const folder = await writing("folders.renameFailed", name, async () => {
    const { count } = await prisma.folder.updateMany({ where: { id, userId }, data: { name } });
    if (count === 0) throw new AppError("folders.notFound");
    return prisma.folder.findFirstOrThrow({ where: { id, userId }, select: folderSelect });
  });
  return { ...folder, taskCount: await countTasks(userId, id) };
}

/** Deletes the folder; its tasks (recordings and all) move to uncategorized in the same transaction. */
export async function deleteFolder(userId: string, id: string) {
  await findOwnedFolder(userId, id);
  return writing("folders.deleteFailed", null, () =>
    prisma.$transaction(async (db) => {
      const moved = await updateTaskFields({ userId, folderId: id }, { folderId: null }, db);
      const { count } = await db.folder.deleteMany({ where: { id, userId } });
      if (count === 0) throw new AppError("folders.notFound");
      return { deleted: id, movedToUncategorized: moved };
    }),
  );
}

/**
 * Moves the caller's tasks into a folder (null: uncategorized). Every id must be
 * one of the caller's live tasks ("file not found" otherwise, nothing moved).
 * When every task is already there the answer is "already in folder"; in a batch,
 * those already there are skipped and the rest move.
 */
export async function moveTasks(userId: string, ids: string[], folderId: string | null) {
  const unique = [...new Set(ids)];
  if (folderId !== null) await findOwnedFolder(userId, folderId);
  const tasks = await prisma.task.findMany({ where: { ...liveTasks(userId), id: { in: unique } }, select: { id: true, folderId: true } });
  if (tasks.length !== unique.length) throw new AppError("folders.fileNotFound");
  const toMove = tasks.filter((t) => t.folderId !== folderId).map((t) => t.id);
  if (toMove.length === 0) throw new AppError("folders.alreadyInFolder");
  const moved = await writing("folders.moveFailed", null, async () => {
    return updateTaskFields({ ...liveTasks(userId), id: { in: toMove } }, { folderId });
  });
  return { folderId, moved, skipped: unique.length - toMove.length, ids: toMove };
}

/** Task counts for the sidebar: every folder, uncategorized, and all. */
export async function folderStats(userId: string) {
  const [folders, uncategorized, all] = await Promise.all([
    listFolders(userId),
    countTasks(userId, null),
    countTasks(userId),
  ]);
  return { all, uncategorized, folders: folders.items.map((f) => ({ id: f.id, name: f.name, count: f.taskCount })) };
}
