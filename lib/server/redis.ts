import "server-only";
import IORedis, { type Redis, type RedisOptions } from "ioredis";
import { withinDeadline } from "./deadline";
import { env } from "./env";

const g = globalThis as unknown as { redis?: Redis };

/** Longest a web request waits on Redis before it is answered 503 (lib/api/respond.ts). */
export const REDIS_WAIT_MS = 1_500;
// Reconnect at least this often, so a Redis that comes back is in use again within a second.
const RECONNECT_MAX_MS = 1_000;

const reconnecting: RedisOptions = { retryStrategy: (times) => Math.min(times * 50, RECONNECT_MAX_MS), connectTimeout: 3_000 };

/**
 * Connection errors are not events anyone acts on: every command fails with
 * its own error (answered 503, or retried by the worker). Without a listener
 * ioredis prints each failed reconnect as an "Unhandled error event".
 */
function quiet(conn: Redis): Redis {
  conn.on("error", () => undefined);
  return conn;
}

/** Redis did not answer in time, or is not connected: a 503 in the web, a transient failure in the worker. */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

// Shared connection for plain commands. A command waits for a reconnect at most
// commandTimeout (then fails), never for ever. BullMQ workers need their own (below).
export function redis(): Redis {
  g.redis ??= quiet(new IORedis(env().REDIS_URL, { ...reconnecting, maxRetriesPerRequest: 2, commandTimeout: 2 * REDIS_WAIT_MS, lazyConnect: false }));
  return g.redis;
}

/** For BullMQ workers and queue events: blocking commands, so maxRetriesPerRequest must be null. */
export function newRedisConnection(): Redis {
  return quiet(new IORedis(env().REDIS_URL, { ...reconnecting, maxRetriesPerRequest: null }));
}

/**
 * For producers (BullMQ Queue: add, getJob): with no offline queue a command
 * fails at once while Redis is away instead of waiting for it for ever;
 * whenRedisReady() first gives a reconnect in progress a short while.
 */
export function newProducerConnection(): Redis {
  return quiet(new IORedis(env().REDIS_URL, { ...reconnecting, maxRetriesPerRequest: 1, enableOfflineQueue: false }));
}

/** Resolves once `conn` is connected; throws RedisUnavailableError if it is not within `ms`. */
export async function whenRedisReady(conn: Redis, ms = REDIS_WAIT_MS): Promise<void> {
  if (conn.status === "ready") return;
  if (conn.status === "wait") conn.connect().catch(() => undefined);
  if (conn.status === "end") throw new RedisUnavailableError("Redis connection closed");
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      conn.off("ready", onReady);
      reject(new RedisUnavailableError(`Redis not reachable within ${ms} ms`));
    }, ms);
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    conn.once("ready", onReady);
  });
}

/** `work` (Redis commands), or RedisUnavailableError after `ms`: nothing waits on Redis unbounded. */
export function withinRedisWait<T>(work: Promise<T>, ms = 2 * REDIS_WAIT_MS): Promise<T> {
  return withinDeadline(work, ms, () => new RedisUnavailableError(`Redis did not answer within ${ms} ms`));
}

export function redisKey(...parts: string[]): string {
  return [env().REDIS_PREFIX, ...parts].join(":");
}
