import "server-only";
import { queue, queues } from "@/lib/jobs/contract";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";

// The "tasks.sweep" job scheduler (workers/recovery.ts sweepTasks) is a chain:
// BullMQ adds each next run when a worker takes the current one. If Redis goes
// away at that moment, BullMQ gives up on the next run ("Failed to add
// repeatable job for next iteration") and no sweep ever runs again, so a task
// whose enqueue was lost during the outage would wait for ever. The heartbeat
// therefore checks that a next run exists and puts the schedule back if not.
const SWEEP = "tasks.sweep";

function upsertSweep() {
  return queue(queues.maintenance).upsertJobScheduler(
    SWEEP,
    { every: env().WORKER_SWEEP_MS },
    { name: SWEEP, data: {}, opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } } },
  );
}

/** Installs the sweep's schedule (at worker start; repeating it is harmless). */
export async function scheduleSweep(): Promise<void> {
  await upsertSweep();
}

/** True when the schedule is there and its next run is waiting, delayed or running. */
export async function sweepScheduled(): Promise<boolean> {
  const q = queue(queues.maintenance);
  const scheduler = await q.getJobScheduler(SWEEP);
  if (!scheduler?.next) return false;
  const next = await q.getJob(`repeat:${SWEEP}:${scheduler.next}`);
  const state = next ? await next.getState() : "unknown";
  return state !== "unknown" && state !== "completed" && state !== "failed";
}

/** Called with each heartbeat: a lost schedule is put back (and said so). */
export async function keepSweepScheduled(): Promise<void> {
  if (await sweepScheduled()) return;
  await upsertSweep();
  logger.warn("the task sweep's schedule was lost (Redis away when its next run was due); restored");
}
