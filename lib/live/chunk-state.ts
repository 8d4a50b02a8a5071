import "server-only";
import { redis, redisKey, withinRedisWait } from "@/lib/server/redis";
import { storage } from "@/lib/storage/storage";

// Which chunks of a live session are stored: hot in Redis (a set of seqs and a hash with the
// byte count, the highest contiguous seq and the highest seq), so any web process answers any
// chunk. Storage is the truth: when Redis has lost a session's keys they are rebuilt from the
// stored chunk objects before anything else is done with them.

/** Redis keys expire this long after the last chunk (a session left open is rebuilt from storage if it comes back). */
const STATE_TTL_SEC = 7 * 24 * 3600;

export function chunkFolder(userId: string, sessionId: string): string {
  return `live/${userId}/${sessionId}`;
}

export function chunkKey(userId: string, sessionId: string, seq: number): string {
  return `${chunkFolder(userId, sessionId)}/${String(seq).padStart(8, "0")}.pcm`;
}

const seqsKey = (id: string) => redisKey("live", id, "seqs");
const hashKey = (id: string) => redisKey("live", id, "chunks");

export interface ChunkTally {
  /** Highest seq such that 0..seq are all stored; -1 when none. */
  contiguous: number;
  /** Highest seq stored; -1 when none. */
  maxSeq: number;
  bytes: number;
  count: number;
}

// Adds one seq (if new) and moves the contiguous mark forward, atomically.
// KEYS: seqs set, hash. ARGV: seq, bytes, ttl. Returns {added, contiguous, maxSeq, bytes, count}.
const ADD_SCRIPT = `
local added = redis.call('SADD', KEYS[1], ARGV[1])
local seq = tonumber(ARGV[1])
if added == 1 then
  redis.call('HINCRBY', KEYS[2], 'bytes', ARGV[2])
  local m = tonumber(redis.call('HGET', KEYS[2], 'maxSeq') or '-1')
  if seq > m then redis.call('HSET', KEYS[2], 'maxSeq', seq) end
end
local c = tonumber(redis.call('HGET', KEYS[2], 'contig') or '-1')
while redis.call('SISMEMBER', KEYS[1], c + 1) == 1 do c = c + 1 end
redis.call('HSET', KEYS[2], 'contig', c)
redis.call('EXPIRE', KEYS[1], ARGV[3])
redis.call('EXPIRE', KEYS[2], ARGV[3])
return {added, c, tonumber(redis.call('HGET', KEYS[2], 'maxSeq') or '-1'), tonumber(redis.call('HGET', KEYS[2], 'bytes') or '0'), redis.call('SCARD', KEYS[1])}
`;

async function tallyOf(sessionId: string): Promise<ChunkTally> {
  const [h, count] = await withinRedisWait(Promise.all([redis().hgetall(hashKey(sessionId)), redis().scard(seqsKey(sessionId))]));
  return { contiguous: Number(h.contig ?? -1), maxSeq: Number(h.maxSeq ?? -1), bytes: Number(h.bytes ?? 0), count };
}

/**
 * The session's tally, rebuilt from storage first when Redis has no record of it (a flushed or
 * replaced Redis): every stored chunk object counts, so nothing acknowledged is forgotten.
 */
export async function ensureChunkState(userId: string, sessionId: string): Promise<ChunkTally> {
  const ready = await withinRedisWait(redis().hget(hashKey(sessionId), "ready"));
  if (ready) return tallyOf(sessionId);
  const prefix = chunkFolder(userId, sessionId);
  const found: { seq: number; size: number }[] = [];
  for await (const o of storage().list(prefix)) {
    const m = /\/(\d{8})\.pcm$/.exec(o.key);
    if (m) found.push({ seq: Number(m[1]), size: o.size });
  }
  // Replaying the adds is idempotent: a concurrent rebuild or chunk counts each seq once.
  for (const f of found) await addChunk(sessionId, f.seq, f.size);
  await withinRedisWait(redis().hset(hashKey(sessionId), "ready", "1"));
  return tallyOf(sessionId);
}

/** Records a stored chunk; `added` is false when this seq was already counted (a replay). */
export async function addChunk(sessionId: string, seq: number, bytes: number): Promise<ChunkTally & { added: boolean }> {
  const r = (await withinRedisWait(redis().eval(ADD_SCRIPT, 2, seqsKey(sessionId), hashKey(sessionId), seq, bytes, STATE_TTL_SEC))) as number[];
  return { added: r[0] === 1, contiguous: Number(r[1]), maxSeq: Number(r[2]), bytes: Number(r[3]), count: Number(r[4]) };
}

export async function hasChunk(sessionId: string, seq: number): Promise<boolean> {
  return (await withinRedisWait(redis().sismember(seqsKey(sessionId), String(seq)))) === 1;
}

/** The seqs in 0..lastSeq not stored yet. */
export async function missingChunks(sessionId: string, lastSeq: number): Promise<number[]> {
  if (lastSeq < 0) return [];
  const seqs = Array.from({ length: lastSeq + 1 }, (_, i) => String(i));
  const present = await withinRedisWait(redis().smismember(seqsKey(sessionId), ...seqs));
  return seqs.filter((_, i) => present[i] !== 1).map(Number);
}

/** Sets a flag once; true the first time (limit warnings are sent once per session). */
export async function flagOnce(sessionId: string, flag: string): Promise<boolean> {
  return (await withinRedisWait(redis().hsetnx(hashKey(sessionId), `flag:${flag}`, "1"))) === 1;
}

export async function forgetChunkState(sessionId: string): Promise<void> {
  await withinRedisWait(redis().del(seqsKey(sessionId), hashKey(sessionId)));
}
