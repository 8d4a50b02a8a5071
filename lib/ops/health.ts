import "server-only";
import { heartbeatKey, supervisorKey } from "@/lib/jobs/contract";
import { describeSpeechEngine } from "@/lib/speech/engine";
import { withinDeadline } from "@/lib/server/deadline";
import { prisma } from "@/lib/server/prisma";
import { redis, RedisUnavailableError, whenRedisReady, withinRedisWait } from "@/lib/server/redis";

/** A heartbeat older than this means the worker is down (it beats every 5 s). */
const BEAT_STALE_MS = 20_000;
/** This many restarts by the supervisor (scripts/supervise.ts) within the window is a crash loop. */
const CRASH_LOOP_RESTARTS = 3;
const CRASH_LOOP_WINDOW_MS = 10 * 60_000;
// Health answers at once: a service that has not answered within this long is reported "error".
const PROBE_MS = 1_000;

export type WorkerHealth = {
  alive: boolean;
  lastBeat: string | null;
  /** "ok", "down" (no recent heartbeat) or "crash_looping" (restarted again and again). */
  state: "ok" | "down" | "crash_looping";
  restartsLast10Min: number;
  lastExit: { code: number | null; signal: string | null; at: string } | null;
};

/** Reads the worker's heartbeat and its supervisor's record in one round trip (health must stay fast). */
export async function workerHealth(now = Date.now()): Promise<WorkerHealth> {
  // Redis away (not connected, or silent): an error at once, never a wait on the client's offline queue.
  // "reconnecting": the last attempt failed, so Redis is known to be away right now.
  if (redis().status === "reconnecting") throw new RedisUnavailableError("Redis is reconnecting");
  await whenRedisReady(redis(), PROBE_MS);
  const [beatRaw, supervisorRaw] = await withinRedisWait(redis().mget(heartbeatKey(), supervisorKey()), PROBE_MS);
  const beat = parse<{ at: number }>(beatRaw);
  const supervisor = parse<{ restarts?: number[]; lastExit?: { code: number | null; signal: string | null; at: number } }>(supervisorRaw);
  const alive = !!beat && now - beat.at < BEAT_STALE_MS;
  const restartsLast10Min = (supervisor?.restarts ?? []).filter((t) => now - t < CRASH_LOOP_WINDOW_MS).length;
  const crashLooping = restartsLast10Min >= CRASH_LOOP_RESTARTS;
  return {
    alive,
    lastBeat: beat ? new Date(beat.at).toISOString() : null,
    state: crashLooping ? "crash_looping" : alive ? "ok" : "down",
    restartsLast10Min,
    lastExit: supervisor?.lastExit ? { ...supervisor.lastExit, at: new Date(supervisor.lastExit.at).toISOString() } : null,
  };
}

function parse<T>(raw: string | null | undefined): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/**
 * What GET /api/health reports: database, Redis, the worker (down, crash-looping) and the speech engine in use.
 * Both services are asked at once, each for at most PROBE_MS, so health answers within about a second.
 */
export async function healthReport(): Promise<HealthReport> {
  // Under load (monitors, balancers polling every instance) one probe per second is enough: callers within
  // HEALTH_CACHE_MS share the last report, and callers during a probe share that probe (bench/README.md, "load").
  const now = Date.now();
  if (lastReport && now - lastReport.at < HEALTH_CACHE_MS) return lastReport.report;
  probing ??= probeHealth()
    .then((report) => {
      lastReport = { at: Date.now(), report };
      return report;
    })
    .finally(() => {
      probing = null;
    });
  return probing;
}

/** How long a health report is reused (ms). Short: an outage shows within about a second. */
export const HEALTH_CACHE_MS = 1_000;
type HealthReport = Awaited<ReturnType<typeof probeHealth>>;
let lastReport: { at: number; report: HealthReport } | null = null;
let probing: Promise<HealthReport> | null = null;

/** Forgets the reused report (tests that stop a service and ask again at once). */
export function forgetHealthReport(): void {
  lastReport = null;
}

async function probeHealth() {
  const noWorker: WorkerHealth = { alive: false, lastBeat: null, state: "down", restartsLast10Min: 0, lastExit: null };
  const [database, fromRedis] = await Promise.all([
    withinDeadline(prisma.$queryRaw`SELECT 1`, PROBE_MS, () => new Error(`no answer within ${PROBE_MS} ms`)).then(() => "ok" as const, () => "error" as const),
    workerHealth().then((worker) => ({ redis: "ok" as const, worker }), () => ({ redis: "error" as const, worker: noWorker })),
  ]);
  return { database, redis: fromRedis.redis, worker: fromRedis.worker, speechEngine: describeSpeechEngine() };
}

/** Down means unable to serve: the database or Redis (health then answers HTTP 503 with the same report). */
export function servicesDown(report: { database: string; redis: string }): boolean {
  return report.database !== "ok" || report.redis !== "ok";
}

