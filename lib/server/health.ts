import "server-only";
import { heartbeatKey } from "@/lib/jobs/contract";
import { describeSpeechEngine } from "@/lib/speech/engine";
import { prisma } from "./prisma";
import { redis } from "./redis";

/** What GET /api/health reports: database, Redis, worker heartbeat and the speech engine in use. */
export async function healthReport() {
  const database = await prisma.$queryRaw`SELECT 1`.then(() => "ok" as const, () => "error" as const);
  let redisState: "ok" | "error" = "error";
  let worker: { alive: boolean; lastBeat: string | null } = { alive: false, lastBeat: null };
  try {
    await redis().ping();
    redisState = "ok";
    const raw = await redis().get(heartbeatKey());
    if (raw) {
      const beat = JSON.parse(raw) as { at: number };
      worker = { alive: Date.now() - beat.at < 20_000, lastBeat: new Date(beat.at).toISOString() };
    }
  } catch {
    redisState = "error";
  }
  return { database, redis: redisState, worker, speechEngine: describeSpeechEngine() };
}
