import "server-only";
import { redis, redisKey, withinRedisWait } from "@/lib/server/redis";

// How far the live engine has heard a session, kept in Redis by whichever process decodes it,
// so status answers anywhere can say how far behind it is (behindSec).

const key = (id: string) => redisKey("live", id, "decode");
const TTL_SEC = 7 * 24 * 3600;

export interface DecodeProgress {
  /** Seconds of the recording the engine has heard. */
  decodedSec: number;
  /** Where the open utterance started (a restarted decoder hears it again from here). */
  openFromSec: number;
  /** The number of final segments so far (the next one's id). */
  finals: number;
}

export async function decodeProgressOf(id: string): Promise<DecodeProgress> {
  const h = await withinRedisWait(redis().hgetall(key(id)));
  return { decodedSec: Number(h.decodedSec ?? 0), openFromSec: Number(h.openFromSec ?? 0), finals: Number(h.finals ?? 0) };
}

export async function saveDecodeProgress(id: string, p: DecodeProgress): Promise<void> {
  await withinRedisWait(
    redis()
      .multi()
      .hset(key(id), { decodedSec: String(p.decodedSec), openFromSec: String(p.openFromSec), finals: String(p.finals) })
      .expire(key(id), TTL_SEC)
      .exec(),
  );
}

export async function forgetDecodeProgress(id: string): Promise<void> {
  await withinRedisWait(redis().del(key(id)));
}
