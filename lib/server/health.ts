import "server-only";
import { heartbeatKey, supervisorKey } from "@/lib/jobs/contract";
import { describeSpeechEngine } from "@/lib/speech/engine";
import { prisma } from "./prisma";
import { redis } from "./redis";

/** A heartbeat older than this means the worker is down (it beats every 5 s). */
const BEAT_STALE_MS = 20_000;
/** This many restarts by the supervisor (scripts/supervise.ts) within the window is a crash loop. */
const CRASH_LOOP_RESTARTS = 3;
const CRASH_LOOP_WINDOW_MS = 10 * 60_000;

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
  const [beatRaw, supervisorRaw] = await redis().mget(heartbeatKey(), supervisorKey());
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

/** What GET /api/health reports: database, Redis, the worker (down, crash-looping) and the speech engine in use. */
export async function healthReport() {
  const database = await prisma.$queryRaw`SELECT 1`.then(() => "ok" as const, () => "error" as const);
  let redisState: "ok" | "error" = "error";
  let worker: WorkerHealth = { alive: false, lastBeat: null, state: "down", restartsLast10Min: 0, lastExit: null };
  try {
    worker = await workerHealth();
    redisState = "ok";
  } catch {
    redisState = "error";
  }
  return { database, redis: redisState, worker, speechEngine: describeSpeechEngine() };
}
