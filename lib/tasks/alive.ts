import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";

// A worker may still be running on a task its owner just deleted. Every step
// checks that the task is still there before it writes, and every write to the
// task row is conditional on it, so a deleted task is never written back to.

/** The task was deleted while work on it ran: the work stops and writes nothing. */
export class TaskGoneError extends Error {
  constructor(readonly taskId: string) {
    super(`task ${taskId} was deleted`);
    this.name = "TaskGoneError";
  }
}

export async function taskExists(taskId: string, db: Prisma.TransactionClient = prisma): Promise<boolean> {
  return (await db.task.count({ where: { id: taskId, deletedAt: null } })) > 0;
}

/** Throws TaskGoneError when the task no longer exists; used between pipeline steps. */
export async function assertTaskAlive(taskId: string, db: Prisma.TransactionClient = prisma): Promise<void> {
  if (!(await taskExists(taskId, db))) throw new TaskGoneError(taskId);
}

/** Updates the task only if it still exists; a missing row throws TaskGoneError (rolling back the caller's transaction). */
export async function updateLiveTask(taskId: string, data: Prisma.TaskUpdateManyMutationInput, db: Prisma.TransactionClient = prisma): Promise<void> {
  const res = await db.task.updateMany({ where: { id: taskId, deletedAt: null }, data });
  if (res.count === 0) throw new TaskGoneError(taskId);
}

/**
 * The task reached an end (failed and refunded, or completed) while a stale copy
 * of its job still ran (BullMQ gave up on the job, its lock lapsed, and the
 * failure was recorded): that copy stops without writing. A status is never
 * moved back from an end.
 */
export class TaskSettledError extends Error {
  constructor(readonly taskId: string) {
    super(`task ${taskId} already reached an end`);
    this.name = "TaskSettledError";
  }
}

/** The statuses in which a task waits on its transcription job (a meeting's recording is fetched while "queued"). */
export const IN_TRANSCRIPTION = ["queued", "merging", "transcribing"] as const;

/** Updates the task only while it still waits on its transcription; otherwise throws TaskGoneError or TaskSettledError. */
export async function updateTranscribingTask(taskId: string, data: Prisma.TaskUpdateManyMutationInput, db: Prisma.TransactionClient = prisma): Promise<void> {
  const res = await db.task.updateMany({ where: { id: taskId, deletedAt: null, status: { in: [...IN_TRANSCRIPTION] } }, data });
  if (res.count === 1) return;
  throw (await taskExists(taskId, db)) ? new TaskSettledError(taskId) : new TaskGoneError(taskId);
}

/**
 * An abort signal that fires when the task disappears (checked every `everyMs`)
 * or when `parent` fires, so a long step (speech, download) stops soon after a
 * delete even where no cancel request reaches it. Call stop() when done.
 */
export function abortWhenGone(taskId: string, parent?: AbortSignal, everyMs = 2_000): { signal: AbortSignal; stop: () => void } {
  const controller = new AbortController();
  const onParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParent();
  parent?.addEventListener("abort", onParent, { once: true });
  const timer = setInterval(() => {
    void taskExists(taskId)
      .then((alive) => {
        if (!alive) controller.abort(new TaskGoneError(taskId));
      })
      .catch(() => undefined);
  }, everyMs);
  timer.unref?.();
  return {
    signal: controller.signal,
    stop: () => {
      clearInterval(timer);
      parent?.removeEventListener("abort", onParent);
    },
  };
}
