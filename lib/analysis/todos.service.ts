import "server-only";
import { AppError } from "@/lib/server/errors";
import { collabPermission } from "@/lib/tasks/permission";
import { updateTaskFields } from "@/lib/tasks/write-guard";
import { prisma, Prisma } from "@/lib/server/prisma";
import type { Outline } from "./types";

/**
 * Ticks a to-do of the task's outline off (or back on). The owner and the task's collaborators
 * may; anyone else is told the task does not exist. The row is locked while the outline is
 * rewritten, so two ticks at once both stay.
 */
export async function setTodoDone(userId: string, taskId: string, todoId: string, done: boolean): Promise<{ id: string; done: boolean }> {
  if (!(await collabPermission(taskId, userId))) throw new AppError("tasks.notFound");
  return prisma.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ outline: Outline | null }[]>`SELECT "outline" FROM "Task" WHERE "id" = ${taskId} AND "deletedAt" IS NULL FOR UPDATE`;
    const outline = rows[0]?.outline;
    if (!rows.length) throw new AppError("tasks.notFound");
    const todo = outline?.todos?.find((x) => x.id === todoId);
    if (!outline || !todo) throw new AppError("analysis.todoNotFound");
    todo.done = done;
    await updateTaskFields({ id: taskId }, { outline: outline as unknown as Prisma.InputJsonValue }, tx);
    return { id: todo.id, done };
  });
}
