import "server-only";
import { AppError } from "@/lib/server/errors";
import { prisma } from "@/lib/server/prisma";

export type CollabRole = "owner" | "collaborator";

/**
 * The caller's role on a task: the owner is the task's userId, a collaborator
 * has a Collaborator row. A deleted task (or a stranger) has no role at all.
 * The task row is the source of truth for ownership; Collaborator rows are
 * only ever collaborators.
 */
export async function collabPermission(taskId: string, userId: string): Promise<CollabRole | null> {
  const task = await prisma.task.findFirst({
    where: { id: taskId, deletedAt: null },
    select: {
      userId: true,
      collaborators: { where: { userId }, select: { id: true }, take: 1 },
    },
  });
  if (!task) return null;
  if (task.userId === userId) return "owner";
  return task.collaborators.length > 0 ? "collaborator" : null;
}

/**
 * Owner or collaborator may edit (co-editing, reads). A stranger gets the same
 * "document not found" as for a missing or deleted task: existence never leaks.
 */
export async function requireEditor(taskId: string, userId: string): Promise<CollabRole> {
  const role = await collabPermission(taskId, userId);
  if (!role) throw new AppError("collab.documentNotFound");
  return role;
}

/** Only the owner manages collaborators; a collaborator is told so, a stranger sees "not found". */
export async function requireCollabOwner(taskId: string, userId: string): Promise<void> {
  const role = await collabPermission(taskId, userId);
  if (!role) throw new AppError("collab.documentNotFound");
  if (role !== "owner") throw new AppError("collab.onlyOwner");
}
