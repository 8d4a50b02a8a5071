import "server-only";
import { z } from "zod";
import { logger } from "./logger";
import { newRedisConnection, redis, redisKey, withinRedisWait } from "./redis";

// Access that ended (a sign-out, a removed collaborator, a deleted task), announced to every web
// process through Redis pub/sub, so that long-lived connections held elsewhere (the co-editing
// sockets, lib/collab/connection-watch.ts) are checked again at once instead of at their next timer.
// An announcement names who or what changed, never a verdict: each listener re-checks against the
// database, so a lost or duplicated message can only make a check late (the timer) or repeated.

const accessChange = z.object({
  /** Every connection of this user. */
  userId: z.string().min(1).max(64).optional(),
  /** Connections to these tasks (with userId: only that user's). */
  taskIds: z.array(z.string().min(1).max(64)).max(1000).optional(),
});
export type AccessChange = z.infer<typeof accessChange>;

const channel = () => redisKey("access-changed");

/** Whether a connection of `userId` to `taskId` is one the announcement names. */
export function accessChangeConcerns(change: AccessChange, userId: string, taskId: string): boolean {
  if (change.userId === undefined && change.taskIds === undefined) return false;
  return (change.userId === undefined || change.userId === userId) && (change.taskIds === undefined || change.taskIds.includes(taskId));
}

/**
 * Tells every process that access ended. Call after the change is committed. Never throws: with
 * Redis away the change still holds in the database, and the listeners' timers find it.
 */
export async function announceAccessChange(change: AccessChange): Promise<void> {
  try {
    await withinRedisWait(redis().publish(channel(), JSON.stringify(accessChange.parse(change))));
  } catch (error) {
    logger.warn("access change not announced; connections are re-checked by their timer", { error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Listens for announcements on a connection of its own (a subscribed connection can do nothing
 * else; ioredis subscribes again after a reconnect). Returns the function that stops listening.
 */
export function watchAccessChanges(onChange: (change: AccessChange) => void): () => Promise<void> {
  const subscriber = newRedisConnection();
  const name = channel();
  subscriber.on("message", (from: string, message: string) => {
    if (from !== name) return;
    let change: AccessChange;
    try {
      change = accessChange.parse(JSON.parse(message));
    } catch {
      logger.warn("malformed access change ignored", { channel: name });
      return;
    }
    onChange(change);
  });
  subscriber.subscribe(name).catch((error: unknown) => logger.warn("could not subscribe to access changes", { error: error instanceof Error ? error.message : String(error) }));
  return async () => {
    await subscriber.quit().catch(() => subscriber.disconnect());
  };
}
