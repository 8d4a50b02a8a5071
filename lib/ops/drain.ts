import "server-only";
import { redis, redisKey } from "@/lib/server/redis";

/**
 * Draining a worker (docs/operations.md "Drain a worker"): `npm run ops -- drain <worker|--all>` sets a
 * Redis flag per worker name (host:pid); the worker sees it within a heartbeat (5 s), stops taking
 * new jobs (BullMQ's pause, which lets the running ones finish) and reports "drained" once idle.
 * It stays up, idle, until it is stopped or `undrain`ed. Flags are per process, so a worker started
 * afterwards (a deploy, the supervisor's restart) takes jobs as usual.
 */
export type WorkerState = "running" | "draining" | "drained";
export type WorkerEntry = { name: string; at: number; active: number; state: WorkerState };

const workersKey = () => redisKey("ops", "workers");
const drainKey = (name: string) => redisKey("ops", "drain", name);
// A worker not heard from for this long is gone (it beats every 5 s).
const WORKER_GONE_MS = 30_000;
const DRAIN_FLAG_SECONDS = 7 * 24 * 3600;

/** Whether this worker is asked to drain (read on each heartbeat). */
export async function drainRequested(name: string): Promise<boolean> {
  return (await redis().get(drainKey(name))) === "1";
}

/** The worker's beat: records itself and its state for `npm run ops -- workers`. */
export async function reportWorker(name: string, active: number, state: WorkerState): Promise<void> {
  await redis().hset(workersKey(), name, JSON.stringify({ at: Date.now(), active, state }));
}

export async function forgetWorker(name: string): Promise<void> {
  await redis().multi().hdel(workersKey(), name).del(drainKey(name)).exec();
}

/** Workers heard from lately (stale entries are dropped as they are found). */
export async function listWorkers(now = Date.now()): Promise<WorkerEntry[]> {
  const raw = await redis().hgetall(workersKey());
  const live: WorkerEntry[] = [];
  for (const [name, value] of Object.entries(raw)) {
    const entry = { name, ...(JSON.parse(value) as Omit<WorkerEntry, "name">) };
    if (now - entry.at > WORKER_GONE_MS) await redis().hdel(workersKey(), name);
    else live.push(entry);
  }
  return live.sort((a, b) => a.name.localeCompare(b.name));
}

/** Sets or clears the drain flag of the named workers, or of every live one ("--all"). Returns the names. */
export async function setDrain(target: string, drain: boolean): Promise<string[]> {
  const names = target === "--all" ? (await listWorkers()).map((w) => w.name) : [target];
  for (const name of names) {
    if (drain) await redis().set(drainKey(name), "1", "EX", DRAIN_FLAG_SECONDS);
    else await redis().del(drainKey(name));
  }
  return names;
}
