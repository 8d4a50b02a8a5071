import "server-only";
import IORedis, { type Redis } from "ioredis";
import { env } from "./env";

const g = globalThis as unknown as { redis?: Redis };

// Shared connection for plain commands. BullMQ workers need their own with maxRetriesPerRequest: null.
export function redis(): Redis {
  g.redis ??= new IORedis(env().REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  return g.redis;
}

export function newRedisConnection(): Redis {
  return new IORedis(env().REDIS_URL, { maxRetriesPerRequest: null });
}

export function redisKey(...parts: string[]): string {
  return [env().REDIS_PREFIX, ...parts].join(":");
}
