import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma, Prisma } from "@/lib/server/prisma";

/**
 * The one "task owned by this user" query: the owner is always in `where`,
 * so another user's task (or a deleted one) is simply tasks.notFound.
 */
export async function findOwnedTask<S extends Prisma.TaskSelect>(
  userId: string,
  taskId: string,
  select: S,
  db: Prisma.TransactionClient = prisma,
): Promise<Prisma.TaskGetPayload<{ select: S }>> {
  const task = await db.task.findFirst({ where: { id: taskId, userId, deletedAt: null }, select });
  if (!task) throw new AppError("tasks.notFound");
  return task as Prisma.TaskGetPayload<{ select: S }>;
}
