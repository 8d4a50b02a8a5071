import "server-only";
import { queue, queues } from "@/lib/jobs/contract";
import { env } from "@/lib/server/env";
import { markToolFileFailed, processToolFile } from "@/lib/tools/media/process";
import { sweepMediaTools } from "@/lib/tools/media/sweep";
import { jobRunner } from "./run-job";

// The media tools' jobs: a conversion on the "tools" queue, and the sweeper's job scheduler.
export const runMediaToolJob = jobRunner("mediatools.process", (p, signal) => processToolFile(p.fileId, signal), (p, error) => markToolFileFailed(p.fileId, error));

export const runMediaToolsSweep = () => sweepMediaTools();

const SWEEP = "mediatools.sweep";

/** Installs (or restores) the sweeper's schedule: at start and with each heartbeat, like the task sweep. */
export async function keepMediaToolsSweepScheduled(): Promise<void> {
  const q = queue(queues.maintenance);
  const scheduler = await q.getJobScheduler(SWEEP);
  const next = scheduler?.next ? await q.getJob(`repeat:${SWEEP}:${scheduler.next}`) : undefined;
  const state = next ? await next.getState() : "unknown";
  if (scheduler && scheduler.every === env().MEDIA_TOOLS_SWEEP_MS && state !== "unknown" && state !== "completed" && state !== "failed") return;
  await q.upsertJobScheduler(SWEEP, { every: env().MEDIA_TOOLS_SWEEP_MS }, { name: SWEEP, data: {}, opts: { attempts: 1, removeOnComplete: { count: 10 }, removeOnFail: { count: 50 } } });
}
