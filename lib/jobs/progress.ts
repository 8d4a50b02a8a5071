import "server-only";
import { z } from "zod";
import { logger } from "@/lib/server/logger";
import { redis, redisKey, whenRedisReady } from "@/lib/server/redis";

/**
 * Live progress of a task's current job, kept in Redis with a TTL. The final
 * status goes to PostgreSQL; this is only what the UI shows meanwhile.
 */
export const progressSchema = z.object({
  stage: z.string(),
  percent: z.number().min(0).max(100),
  step: z.number().int().nonnegative().optional(),
  steps: z.number().int().positive().optional(),
  updatedAt: z.number(),
});
export type Progress = z.infer<typeof progressSchema>;

const TTL_SEC = 24 * 3600;
// A reconnect in progress gets this long before a progress update is skipped.
const PROGRESS_WAIT_MS = 500;
const key = (taskId: string) => redisKey("progress", taskId);

export async function setProgress(taskId: string, p: Omit<Progress, "updatedAt">): Promise<void> {
  const value = progressSchema.parse({ ...p, percent: Math.round(p.percent * 10) / 10, updatedAt: Date.now() });
  // Only what the UI shows meanwhile: with Redis away it is skipped, so it never fails or holds up the work.
  try {
    await whenRedisReady(redis(), PROGRESS_WAIT_MS);
    await redis().set(key(taskId), JSON.stringify(value), "EX", TTL_SEC);
  } catch (e) {
    logger.warn("progress not recorded", { taskId, error: e instanceof Error ? e.message : String(e) });
  }
}

export async function getProgress(taskId: string): Promise<Progress | null> {
  const raw = await redis().get(key(taskId));
  if (!raw) return null;
  const parsed = progressSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

export async function getProgressMany(taskIds: string[]): Promise<Map<string, Progress>> {
  const out = new Map<string, Progress>();
  if (taskIds.length === 0) return out;
  const values = await redis().mget(...taskIds.map(key));
  values.forEach((raw, i) => {
    if (!raw) return;
    const parsed = progressSchema.safeParse(JSON.parse(raw));
    if (parsed.success) out.set(taskIds[i]!, parsed.data);
  });
  return out;
}

export async function clearProgress(taskId: string): Promise<void> {
  await redis().del(key(taskId));
}
