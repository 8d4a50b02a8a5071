import "server-only";
import { jobPriorityFor } from "@/lib/billing/plans";
import { enqueue } from "@/lib/jobs/contract";
import { setProgress } from "@/lib/jobs/progress";
import { prisma } from "@/lib/server/prisma";

// Rough processing speed of the embedded engine on two cores (see bench/README.md),
// used only for the "about N minutes" estimate of a queued task.
const PROCESSING_MINUTES_PER_AUDIO_MINUTE = 0.25;
const IN_TRANSCRIPTION = ["queued", "merging", "transcribing"] as const;

/** Minutes until a task queued now would finish: the work ahead of it plus its own. */
async function estimateMinutes(taskId: string): Promise<number> {
  const own = await prisma.task.findUnique({ where: { id: taskId }, select: { duration: true, createTime: true } });
  const ahead = await prisma.task.aggregate({
    where: { status: { in: [...IN_TRANSCRIPTION] }, id: { not: taskId }, createTime: { lte: own?.createTime ?? new Date() } },
    _sum: { duration: true },
  });
  const seconds = (ahead._sum.duration ?? 0) + (own?.duration ?? 0);
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
    status: "queued" as const,
    estimatedMinutes: opts.estimatedMinutes ?? (await estimateMinutes(taskId)),
    ...(opts.retry ? { errorCode: null, errorMessage: null, errorDescription: null, errorSuggestions: [], requestId: null } : {}),
  };
  const since = opts.unlessChangedSince;
  if (since) {
    const res = await prisma.task.updateMany({ where: { id: taskId, status: { in: [...IN_TRANSCRIPTION] }, updateTime: since, deletedAt: null }, data });
    if (res.count === 0) return;
  } else {
    await prisma.task.update({ where: { id: taskId }, data });
  }
  await setProgress(taskId, { stage: "queued", percent: 0 });
  try {
    // Paying users' transcriptions go ahead of free users' (priority processing, spec §6).
    const owner = await prisma.task.findUnique({ where: { id: taskId }, select: { user: { select: { planCode: true } } } });
    await enqueue("transcription.run", { taskId, locale }, { jobKey: taskId, priority: jobPriorityFor(owner?.user.planCode ?? "free") });
  } catch (e) {
    await prisma.task.update({ where: { id: taskId }, data: { status: "not_started" } });
    throw e;
  }
}
