/**
 * The queued estimate under the fair schedule (docs/scheduling.md): the
 * decoder slots share the cores between users by plan weight and, within a
 * user, between tasks. So a new task waits for the others' work only up to
 * their fair share of the time it needs itself, never for all of it:
 *   - each of its owner's other tasks runs alongside it: min(that task's remaining, its own);
 *   - each other user gets weight(u)/weight(owner) of the owner's work, capped at what u has left.
 * Plain arithmetic: lib/tasks/queueing.ts reads the tasks, tests check the figures.
 */
export interface PendingWork {
  taskId: string;
  userId: string;
  /** Seconds of audio still to transcribe. */
  remainingSec: number;
  weight: number;
}

/** Seconds of audio the cores get through before `own` is done (its own included). */
export function fairWorkAheadSec(own: PendingWork, others: PendingWork[]): number {
  const ownUser = others.filter((w) => w.userId === own.userId && w.taskId !== own.taskId);
  const ownerSec = own.remainingSec + ownUser.reduce((sum, w) => sum + Math.min(w.remainingSec, own.remainingSec), 0);
  const byUser = new Map<string, { sec: number; weight: number }>();
  for (const w of others) {
    if (w.userId === own.userId) continue;
    const u = byUser.get(w.userId) ?? { sec: 0, weight: w.weight };
    u.sec += w.remainingSec;
    byUser.set(w.userId, u);
  }
  let othersSec = 0;
  for (const u of byUser.values()) othersSec += Math.min(u.sec, (ownerSec * u.weight) / Math.max(0.01, own.weight));
  return ownerSec + othersSec;
}
