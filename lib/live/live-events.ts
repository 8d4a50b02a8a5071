import "server-only";
import { logger } from "@/lib/server/logger";
import { newRedisConnection, redis, redisKey, withinRedisWait } from "@/lib/server/redis";
import type { LiveEvents, LiveSegment } from "./live.types";

// Live events travel over Redis pub/sub, so whichever process decodes (the worker) or takes
// chunks (any web process) reaches the web process holding the browser's event stream. The
// current segments are also kept in a Redis hash, so a reconnecting stream replays them.

const channel = (id: string) => redisKey("live", id, "events");
const segmentsKey = (id: string) => redisKey("live", id, "segments");
const SEGMENTS_TTL_SEC = 7 * 24 * 3600;

type EventName = keyof LiveEvents;
export interface LiveMessage<E extends EventName = EventName> {
  event: E;
  data: LiveEvents[E];
}

export async function publishLive<E extends EventName>(sessionId: string, event: E, data: LiveEvents[E]): Promise<void> {
  await withinRedisWait(redis().publish(channel(sessionId), JSON.stringify({ event, data })));
}

/** Saves segments (a partial is replaced under its id; a final one replaces the partial it closes) and publishes them. */
export async function publishSegments(sessionId: string, segments: LiveSegment[], dropIds: string[] = []): Promise<void> {
  const key = segmentsKey(sessionId);
  const multi = redis().multi();
  if (dropIds.length) multi.hdel(key, ...dropIds);
  for (const s of segments) multi.hset(key, s.id, JSON.stringify(s));
  multi.expire(key, SEGMENTS_TTL_SEC);
  await withinRedisWait(multi.exec());
  await publishLive(sessionId, "text", { segments });
}

/** Every current segment, in time order (what a reconnecting stream replays). */
export async function currentSegments(sessionId: string): Promise<LiveSegment[]> {
  const all = await withinRedisWait(redis().hvals(segmentsKey(sessionId)));
  return all.map((v) => JSON.parse(v) as LiveSegment).sort((a, b) => a.startSec - b.startSec);
}

export async function forgetSegments(sessionId: string): Promise<void> {
  await withinRedisWait(redis().del(segmentsKey(sessionId)));
}

/** Listens to one session's events on a connection of its own; returns the function that stops listening. */
export async function subscribeLive(sessionId: string, onMessage: (m: LiveMessage) => void): Promise<() => Promise<void>> {
  const sub = newRedisConnection();
  sub.on("message", (_ch: string, raw: string) => {
    try {
      onMessage(JSON.parse(raw) as LiveMessage);
    } catch (e) {
      logger.warn("live event dropped", { error: e instanceof Error ? e.message : String(e) });
    }
  });
  await sub.subscribe(channel(sessionId));
  return async () => {
    await sub.quit().catch(() => sub.disconnect());
  };
}
