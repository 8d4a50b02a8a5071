import "server-only";
import { jobPriorityFor } from "@/lib/billing/plans";
import { enqueue } from "@/lib/jobs/contract";
import { getProgressMany, setProgress } from "@/lib/jobs/progress";
import { decodeWeightFor } from "@/lib/speech/decoder-slots";
import { fairWorkAheadSec, type PendingWork } from "./fair-estimate";
import { prisma } from "@/lib/server/prisma";
import { IN_TRANSCRIPTION } from "./task-status";
import { moveTaskStatus, moveTaskStatusOrThrow } from "./write-guard";

// Rough processing speed of the embedded engine on two cores (see bench/README.md),
// used only for the "about N minutes" estimate of a queued task.
const PROCESSING_MINUTES_PER_AUDIO_MINUTE = 0.25;

/**
 * Minutes until a task queued now would finish under the fair schedule: its own audio plus
 * the others' fair share of that time (lib/tasks/fair-estimate.ts), not everything queued.
 */
async function estimateMinutes(taskId: string): Promise<number> {
  const rows = await prisma.task.findMany({
    where: { OR: [{ id: taskId }, { status: { in: [...IN_TRANSCRIPTION] } }] },
    select: { id: true, userId: true, duration: true, user: { select: { planCode: true } } },
  });
  // Tasks under way count only what they have left.
  const progress = await getProgressMany(rows.map((r) => r.id)).catch(() => new Map<string, { percent: number }>());
  const work: PendingWork[] = rows.map((r) => ({
    taskId: r.id,
    userId: r.userId,
    remainingSec: (r.duration ?? 0) * (r.id === taskId ? 1 : 1 - Math.min(100, progress.get(r.id)?.percent ?? 0) / 100),
    weight: decodeWeightFor(r.user.planCode),
  }));
  const own = work.find((w) => w.taskId === taskId);
  const seconds = own ? fairWorkAheadSec(own, work) : 0;
  return Math.max(1, Math.ceil((seconds / 60) * PROCESSING_MINUTES_PER_AUDIO_MINUTE));
}

/**
 * Marks the task queued (clearing an earlier failure) and puts its job on the queue.
 * `unlessChangedSince` (the sweep): only a task still waiting on its transcription and
 * unchanged since that time is queued again, so a failure recorded (and refunded)
 * meanwhile is never undone.
 */
export async function queueTranscription(taskId: string, locale: string, opts: { retry?: boolean; estimatedMinutes?: number; unlessChangedSince?: Date } = {}): Promise<void> {
  // A retry's charge is made by startTranscription (lib/tasks/task.service.ts), with its status change.
  const data = {
    estimatedMinutes: opts.estimatedMinutes ?? (await estimateMinutes(taskId)),
    ...(opts.retry ? { errorCode: null, errorMessage: null, errorDescription: null, errorSuggestions: [], requestId: null } : {}),
  };
  const since = opts.unlessChangedSince;
  if (since) {
    const moved = await moveTaskStatus(taskId, "queued", { from: IN_TRANSCRIPTION, where: { updateTime: since, deletedAt: null }, data });
    if (moved === 0) return;
  } else {
    await moveTaskStatusOrThrow(taskId, "queued", { data });
  }
  await setProgress(taskId, { stage: "queued", percent: 0 });
  try {
    // Paying users' transcriptions go ahead of free users' (paid plans get priority processing).
    const owner = await prisma.task.findUnique({ where: { id: taskId }, select: { user: { select: { planCode: true } } } });
    await enqueue("transcription.run", { taskId, locale }, { jobKey: taskId, priority: jobPriorityFor(owner?.user.planCode ?? "free") });
  } catch (e) {
    await moveTaskStatus(taskId, "not_started");
    throw e;
  }
}
