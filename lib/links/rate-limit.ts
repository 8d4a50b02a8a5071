import "server-only";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { redis, redisKey } from "@/lib/server/redis";

const WINDOW_MS = 60 * 60 * 1000;

// Sliding window over a sorted set (score = time of each import), in one script
// so that two requests at once cannot both take the last slot. Returns -1 when
// a slot was taken, else the milliseconds until the oldest import leaves the window.
const TAKE_SLOT = `
local key, now, window, limit, member = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) < limit then
  redis.call('ZADD', key, now, member)
  redis.call('PEXPIRE', key, window)
  return -1
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
return math.max(1, tonumber(oldest[2]) + window - now)
`;

/**
 * Takes one of the user's video-link imports for the rolling hour
 * (LINK_IMPORT_RATE_PER_HOUR), or throws AppError("links.rateLimited", {minutes})
 * with the minutes until the next one frees up. `now` is for tests.
 */
export async function checkAndConsume(userId: string, now: number = Date.now()): Promise<void> {
  const key = redisKey("links", "imports", userId);
  const limit = env().LINK_IMPORT_RATE_PER_HOUR;
  const waitMs = Number(await redis().eval(TAKE_SLOT, 1, key, now, WINDOW_MS, limit, `${now}:${randomUUID()}`));
  if (waitMs >= 0) throw new AppError("links.rateLimited", { minutes: Math.max(1, Math.ceil(waitMs / 60_000)) });
}
