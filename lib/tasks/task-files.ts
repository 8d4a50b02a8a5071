import "server-only";
import fsp from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { clearProgress } from "@/lib/jobs/progress";
import { scratchRoot, storage } from "@/lib/storage/storage";
import path from "node:path";

// Where a task's files live, in one place: everything it owns in storage sits
// under mediaFolder (media parts, normalized.wav, segments.json, document.json),
// and everything a worker makes on local disk under its scratch folders.

export function newTaskId(): string {
  return `t${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}

export function mediaFolder(userId: string, taskId: string): string {
  return `media/${userId}/${taskId}`;
}

/** The worker's scratch folders for one task (tmp/<kind>/<taskId>): pipeline, document import, meeting recording. */
export const TASK_SCRATCH_KINDS = ["tasks", "documents", "meetings"] as const;

/**
 * Removes every file the task owns, in storage and on this machine's scratch disk, and its live progress. Safe to
 * repeat. A worker on another machine removes its own scratch when its job stops (the pipeline's finally).
 */
export async function removeTaskFiles(userId: string, taskId: string): Promise<void> {
  await storage().removeFolder(mediaFolder(userId, taskId));
  // Retried: a worker still cutting chunks into the folder can add a file between rm's unlinks and its rmdir
  // (ENOTEMPTY, seen in tests/integration/delete.test.ts); it stops at its next step once the task is gone.
  for (const kind of TASK_SCRATCH_KINDS) {
    await fsp.rm(path.join(/* turbopackIgnore: true */ scratchRoot(), kind, taskId), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }
  await clearProgress(taskId).catch(() => undefined);
}
