import "server-only";
import path from "node:path";
import { AppError } from "@/lib/server/errors";
import { chargeTasks } from "@/lib/billing/ledger";
import { AUDIO_MAX_BYTES } from "@/lib/media/limits";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { scratchDir, storage } from "@/lib/storage/storage";
import { intakeSeconds, mediaRecords, probeIntakeFile, removeStored, storeIntakeFiles } from "@/lib/tasks/intake";
import { queueTranscription } from "@/lib/tasks/queueing";
import { newTaskId } from "@/lib/tasks/task-files";
import { createTask } from "@/lib/tasks/write-guard";
import { findOwnedFile } from "./files.service";
import type { ToolOwner } from "./owner";
import { rm } from "node:fs/promises";

/**
 * "Transcribe this" (signed-in only): a processed file becomes a transcription task through the
 * one intake (probe by content, store under the task's folder, charge the plan's minutes), then
 * it is queued like an upload. The tools file itself stays until its own expiry.
 */
export async function transcribeToolFile(owner: ToolOwner, id: string, locale: string): Promise<{ taskId: string }> {
  const userId = owner.userId;
  if (!userId) throw new AppError("common.unauthorized");
  const row = await findOwnedFile(owner, id);
  if (row.status !== "completed" || !row.storageKey || row.downloadExpiresAt.getTime() <= Date.now()) {
    throw new AppError(row.status === "completed" || row.status === "expired" ? "mediatools.downloadExpired" : "mediatools.notReady");
  }
  const dir = await scratchDir("tools-transcribe", id);
  const taskId = newTaskId();
  let stored: string[] = [];
  try {
    const name = `${row.originalName.replace(/\.[^.]+$/, "") || "audio"}.${row.audioFormat ?? "audio"}`;
    const local = await storage().fetchToFile(row.storageKey, path.join(/* turbopackIgnore: true */ dir, name));
    const file = await probeIntakeFile({ path: local, name });
    if (file.size > AUDIO_MAX_BYTES) throw new AppError("upload.audioTooLarge", { file: name });
    stored = await storeIntakeFiles(userId, taskId, [file]);
    const media = mediaRecords([file], stored);
    await prisma.$transaction(async (db) => {
      await createTask(
        { id: taskId, userId, title: row.originalName.replace(/\.[^.]+$/, "").slice(0, 200) || name, source: "upload", status: "not_started", ...media.task, mediaParts: { create: media.parts } },
        db,
      );
      await chargeTasks(db, userId, [{ taskId, seconds: intakeSeconds([file]) }]);
    });
  } catch (e) {
    await removeStored(stored);
    if (e instanceof AppError) throw e;
    logger.error("media tools file could not become a task", { id, error: String(e) });
    throw new AppError("mediatools.taskCreateFailed");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await queueTranscription(taskId, locale);
  return { taskId };
}
