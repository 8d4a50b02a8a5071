import "server-only";
import { AppError } from "@/lib/server/errors";
import { collabPermission, type CollabRole } from "@/lib/tasks/permission";
import { prisma, Prisma } from "@/lib/server/prisma";

export interface ReadableTask<T> {
  task: T;
  role: CollabRole;
  /** The owner's name, for a collaborator ("shared by …"); null for the owner. */
  ownerName: string | null;
}

/**
 * The one "task this user may read" query: the owner or a collaborator
 * (lib/collab decides which). Only read routes a collaborator needs use it
 * (task detail, media); every write, delete and share stays on findOwnedTask.
 * A stranger, a missing and a deleted task are all tasks.notFound.
 */
export async function findReadableTask<S extends Prisma.TaskSelect>(userId: string, taskId: string, select: S): Promise<ReadableTask<Prisma.TaskGetPayload<{ select: S }>>> {
  const role = await collabPermission(taskId, userId);
  if (!role) throw new AppError("tasks.notFound");
  const task = await prisma.task.findFirst({ where: { id: taskId, deletedAt: null }, select });
  if (!task) throw new AppError("tasks.notFound");
  const owner = role === "owner" ? null : await prisma.task.findUnique({ where: { id: taskId }, select: { user: { select: { username: true } } } });
  return { task: task as Prisma.TaskGetPayload<{ select: S }>, role, ownerName: owner?.user.username ?? null };
}
