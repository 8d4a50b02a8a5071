import "server-only";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { AppError } from "@/lib/server/errors";
import { consumeLimit } from "@/lib/rate-limit/rate-limit";
import type { Edition } from "@/lib/edition/edition";
import { announceAccessChange } from "@/lib/server/access-changes";
import { prisma, Prisma } from "@/lib/server/prisma";
import { parseIdentifier } from "./collab.schema";
import { collabPermission, requireCollabOwner, requireEditor, type CollabRole } from "@/lib/tasks/permission";

// Collaborator management (validation rules, error catalogue Collaborators). lib/collab owns the
// Collaborator table. Order of checks: who is asking first (a stranger learns
// nothing, a collaborator only "only the owner"), then the owner's rate limit,
// then the identifier's format, then whether that user exists.

const personSelect = { id: true, username: true, email: true, phone: true } satisfies Prisma.UserSelect;
type PersonRow = Prisma.UserGetPayload<{ select: typeof personSelect }>;

function toPerson(u: PersonRow, isOwner: boolean, addedAt: Date | null) {
  return { userId: u.id, name: u.username, email: u.email, phone: u.phone, isOwner, addedAt: addedAt?.toISOString() ?? null };
}
export type CollaboratorJson = ReturnType<typeof toPerson>;

/** The owner (first, isOwner) and every collaborator, oldest first; for the owner and collaborators alike. */
export async function listCollaborators(taskId: string, callerId: string) {
  const role = await requireEditor(taskId, callerId);
  const task = await prisma.task.findUniqueOrThrow({
    where: { id: taskId },
    select: {
      user: { select: personSelect },
      collaborators: { where: { isOwner: false }, select: { createdAt: true, user: { select: personSelect } }, orderBy: { createdAt: "asc" } },
    },
  });
  return {
    role,
    items: [toPerson(task.user, true, null), ...task.collaborators.filter((c) => c.user.id !== task.user.id).map((c) => toPerson(c.user, false, c.createdAt))],
  };
}

export async function addCollaborator(taskId: string, callerId: string, rawIdentifier: string, edition: Edition) {
  await requireCollabOwner(taskId, callerId);
  await consumeLimit("collabAddsPerUser", callerId);
  const id = parseIdentifier(rawIdentifier, edition);
  if (!id) throw new AppError(edition === "china" ? "collab.invalidPhone" : "collab.invalidEmail");
  const user = await prisma.user.findFirst({
    where: id.kind === "email" ? { email: id.value } : { phone: { in: [id.value, `+86${id.value}`] } },
    select: personSelect,
  });
  if (!user) throw new AppError("collab.userNotFound");
  if (user.id === callerId) throw new AppError("collab.ownerCannotBeAdded");
  try {
    const row = await prisma.collaborator.create({ data: { taskId, userId: user.id }, select: { createdAt: true } });
    // Their devices hear of it (push); not awaited: the owner's answer never waits on a push service.
    void announceTaskEvent(taskId, { kind: "collaboratorAdded", collaboratorId: user.id });
    return { collaborator: toPerson(user, false, row.createdAt) };
  } catch (e) {
    // The unique (taskId, userId) index decides between two adds at once.
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") throw new AppError("collab.alreadyCollaborator");
    throw e;
  }
}

export async function removeCollaborator(taskId: string, callerId: string, userId: string) {
  await requireCollabOwner(taskId, callerId);
  if (userId === callerId) throw new AppError("collab.ownerCannotBeRemoved");
  const res = await prisma.collaborator.deleteMany({ where: { taskId, userId, isOwner: false } });
  if (res.count === 0) throw new AppError("collab.collaboratorNotFound");
  // Their open co-editing sockets on this task close at once, in whichever process holds them.
  await announceAccessChange({ userId, taskIds: [taskId] });
  return { removed: userId };
}

const CAN: Record<CollabRole | "none", { read: boolean; edit: boolean; share: boolean; delete: boolean; manageCollaborators: boolean }> = {
  owner: { read: true, edit: true, share: true, delete: true, manageCollaborators: true },
  collaborator: { read: true, edit: true, share: false, delete: false, manageCollaborators: false },
  none: { read: false, edit: false, share: false, delete: false, manageCollaborators: false },
};

/**
 * The caller's role and what it allows. A stranger, a missing task and a
 * deleted one all answer "none": the answer says nothing about existence.
 */
export async function permissionOf(taskId: string, callerId: string) {
  const role = (await collabPermission(taskId, callerId)) ?? "none";
  return { role, can: CAN[role] };
}
