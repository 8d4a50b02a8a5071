import "server-only";
import { requestCancel } from "@/lib/jobs/cancel";
import { enqueue, jobIdFor, jobs, queue } from "@/lib/jobs/contract";
import { clearProgress } from "@/lib/jobs/progress";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { storage } from "@/lib/storage/storage";
import { fileFolder } from "./files.service";
import { markToolFileFailed } from "./process";

// The media tools' sweeper (job scheduler "mediatools.sweep", every MEDIA_TOOLS_SWEEP_MS):
//  - a file past its download expiry loses its source and output in storage and becomes "expired"
//    (its row stays in the history, where the link says it expired);
//  - a history row is forgotten HISTORY_DAYS after its expiry;
//  - a conversion whose job failed or vanished (worker died past its attempts) ends "failed"; one whose
//    job was never added (Redis away at the start) is queued now.

const HISTORY_DAYS = 30;
const BATCH = 200;
/** A conversion may sit this long between its row update and its enqueue. */
const STRANDED_AFTER_MS = 2 * 60_000;

export async function sweepMediaTools(now = new Date()): Promise<{ expired: number; forgotten: number; stranded: number }> {
  let expired = 0;
  for (;;) {
    const due = await prisma.processedMediaFile.findMany({ where: { downloadExpiresAt: { lte: now }, status: { not: "expired" } }, select: { id: true, status: true }, take: BATCH });
    if (due.length === 0) break;
    for (const f of due) {
      try {
        if (f.status === "queued" || f.status === "processing") await requestCancel(f.id);
        await storage().removeFolder(fileFolder(f.id));
        await prisma.processedMediaFile.update({ where: { id: f.id }, data: { status: "expired", storageKey: null, sourceKey: null } });
        await clearProgress(f.id).catch(() => undefined);
        expired++;
      } catch (e) {
        // One file that cannot be removed now is retried by the next sweep; the rest go on.
        logger.warn("media tools file not swept", { id: f.id, error: String(e) });
      }
    }
    if (due.length < BATCH) break;
  }
  const forgotten = (await prisma.processedMediaFile.deleteMany({ where: { status: "expired", downloadExpiresAt: { lte: new Date(now.getTime() - HISTORY_DAYS * 24 * 3600 * 1000) } } })).count;

  let stranded = 0;
  const waiting = await prisma.processedMediaFile.findMany({ where: { status: { in: ["queued", "processing"] }, createdAt: { lte: new Date(now.getTime() - STRANDED_AFTER_MS) } }, select: { id: true, status: true }, take: BATCH });
  for (const f of waiting) {
    const job = await queue(jobs["mediatools.process"].queue).getJob(jobIdFor("mediatools.process", f.id));
    const state = job ? await job.getState() : "missing";
    // Queued while Redis was away: its job was never added, so it is added now.
    if (state === "missing" && f.status === "queued") {
      await enqueue("mediatools.process", { fileId: f.id, locale: "en" }, { jobKey: f.id });
      continue;
    }
    if (state === "missing" || state === "unknown" || state === "failed" || state === "completed") {
      await markToolFileFailed(f.id, new Error(`conversion job ${state}`));
      stranded++;
    }
  }
  if (expired || forgotten || stranded) logger.info("media tools sweep", { expired, forgotten, stranded });
  return { expired, forgotten, stranded };
}
