import "server-only";
import { prisma, Prisma } from "@/lib/server/prisma";
import { canMoveTaskStatus, INITIAL, IN_TRANSCRIPTION, isIn, statusesMovingTo, type TaskStatus } from "./task-status";

// The write guard: every write to a task row goes through this file or another lib/tasks
// module (lib/tasks/task-writes.test.ts keeps it so), and every status change through
// moveTaskStatus, which checks it against the lifecycle (lib/tasks/task-status.ts).
//
// A worker may still be running on a task its owner just deleted. Every step
// checks that the task is still there before it writes, and every write to the
// task row is conditional on it, so a deleted task is never written back to.

/** Task fields other than the status: the status only changes through moveTaskStatus. */
export type TaskFields = Omit<Prisma.TaskUncheckedUpdateManyInput, "status">;

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
export async function updateLiveTask(taskId: string, data: TaskFields, db: Prisma.TransactionClient = prisma): Promise<void> {
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

/** Updates the task only while it still waits on its transcription; otherwise throws TaskGoneError or TaskSettledError. */
export async function updateTranscribingTask(taskId: string, data: TaskFields, db: Prisma.TransactionClient = prisma): Promise<void> {
  const res = await db.task.updateMany({ where: { id: taskId, deletedAt: null, status: { in: [...IN_TRANSCRIPTION] } }, data });
  if (res.count === 1) return;
  throw (await taskExists(taskId, db)) ? new TaskSettledError(taskId) : new TaskGoneError(taskId);
}

/** Moves the task on from its transcription (a step, or its end) while it still waits on it; otherwise throws as updateTranscribingTask. */
export async function moveTranscribingTask(taskId: string, to: TaskStatus, data: TaskFields = {}, db: Prisma.TransactionClient = prisma): Promise<void> {
  const from = IN_TRANSCRIPTION.filter((s) => canMoveTaskStatus(s, to));
  const moved = await moveTaskStatus(taskId, to, { from, where: { deletedAt: null }, data, db });
  if (moved === 1) return;
  throw (await taskExists(taskId, db)) ? new TaskSettledError(taskId) : new TaskGoneError(taskId);
}

/** A status change the lifecycle does not allow was asked for: a programming error, never user input. */
export class TaskStatusMoveError extends Error {
  constructor(readonly from: readonly string[], readonly to: string) {
    super(`task status cannot move from ${from.join("|")} to ${to}`);
    this.name = "TaskStatusMoveError";
  }
}

/**
 * The one place a task's status changes. The row moves only from a status the
 * lifecycle allows (TASK_STATUS_MOVES), narrowed by `from` and `where` when given,
 * in one conditional update, so concurrent writers cannot both move it. Returns how
 * many rows moved (0 or 1): a task in another status, or gone, is left alone.
 * A `from` naming a move the lifecycle forbids throws TaskStatusMoveError.
 */
export async function moveTaskStatus(
  taskId: string,
  to: TaskStatus,
  opts: { from?: readonly TaskStatus[]; where?: Prisma.TaskWhereInput; data?: TaskFields; db?: Prisma.TransactionClient } = {},
): Promise<number> {
  const forbidden = (opts.from ?? []).filter((s) => !canMoveTaskStatus(s, to));
  if (forbidden.length > 0) throw new TaskStatusMoveError(forbidden, to);
  const from = opts.from ? [...opts.from] : statusesMovingTo(to);
  const res = await (opts.db ?? prisma).task.updateMany({
    where: { AND: [opts.where ?? {}, { id: taskId, status: { in: from } }] },
    data: { ...opts.data, status: to },
  });
  return res.count;
}

/** moveTaskStatus for a task that must move: a task gone throws TaskGoneError, one in a status that cannot move to `to` TaskStatusMoveError. */
export async function moveTaskStatusOrThrow(taskId: string, to: TaskStatus, opts: Parameters<typeof moveTaskStatus>[2] = {}): Promise<void> {
  if ((await moveTaskStatus(taskId, to, opts)) === 1) return;
  const row = await (opts.db ?? prisma).task.findUnique({ where: { id: taskId }, select: { status: true } });
  if (!row) throw new TaskGoneError(taskId);
  throw new TaskStatusMoveError([row.status], to);
}

/** Creates a task row; it starts in one of the lifecycle's first statuses. */
export async function createTask(data: Prisma.TaskUncheckedCreateInput, db: Prisma.TransactionClient = prisma): Promise<void> {
  const status = data.status ?? "not_started";
  if (!isIn(INITIAL, status)) throw new TaskStatusMoveError(["(new)"], status);
  await db.task.create({ data });
}

/** Removes a task row whose creation failed half-way (nobody has seen it yet: no list, no job). */
export async function discardUnfinishedTask(taskId: string): Promise<void> {
  await prisma.task.deleteMany({ where: { id: taskId } });
}

/** Writes fields other than the status to the tasks matching `where` (callers scope it to an owner or an id). */
export async function updateTaskFields(where: Prisma.TaskWhereInput, data: TaskFields, db: Prisma.TransactionClient = prisma): Promise<number> {
  return (await db.task.updateMany({ where, data })).count;
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
