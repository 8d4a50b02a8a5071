import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { AppError } from "@/lib/server/errors";
import { moveTasks } from "@/lib/folders/folders.service";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { storage, withScratchDir } from "@/lib/storage/storage";
import { intakeFetchedMedia } from "@/lib/tasks/intake";
import { queueTranscription } from "@/lib/tasks/queueing";
import { newTaskId } from "@/lib/tasks/task-files";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { createTask, discardUnfinishedTask } from "@/lib/tasks/write-guard";
import { chunkFolder, chunkKey, ensureChunkState, forgetChunkState, missingChunks } from "./chunk-state";
import { publishLive } from "./live-events";
import { wavHeader } from "./wav";
import { findOwnedSession, type SessionRow } from "./sessions";

// POST /api/live/sessions/:id/finish (docs/live.md "Finish"): once chunks 0..lastSeq are all
// stored, they become one WAV (in seq order, each once: no gap, no duplicate), which enters an
// ordinary task through the one media intake (store, charge) and starts the full pipeline.
// The session's marks become the task's highlights. Finishing twice answers the same task.

/** Writes chunks 0..lastSeq, in order, as one WAV file at `file`. */
async function assembleWav(row: SessionRow, lastSeq: number, file: string): Promise<void> {
  let dataBytes = 0;
  for (let seq = 0; seq <= lastSeq; seq++) dataBytes += await storage().size(chunkKey(row.userId, row.id, seq));
  const out = await fsp.open(file, "w");
  try {
    await out.write(wavHeader(dataBytes));
    // Chunks are small (≤ 64 KiB): one read and one write each, in seq order.
    for (let seq = 0; seq <= lastSeq; seq++) await out.write(await buffer(await storage().openRead(chunkKey(row.userId, row.id, seq))));
  } finally {
    await out.close();
  }
}

function titleOf(row: SessionRow, locale: string): string {
  if (row.title) return [...row.title].slice(0, 200).join("");
  const when = row.createdAt.toISOString().slice(0, 16).replace("T", " ");
  return `${locale.startsWith("zh") ? "录音" : "Recording"} ${when}`;
}

export async function finishSession(userId: string, id: string, lastSeq: number, locale: string): Promise<{ taskId: string }> {
  const row = await findOwnedSession(userId, id);
  if (row.taskId) return { taskId: row.taskId };
  if (lastSeq < 0) throw new AppError("live.nothingRecorded");
  await ensureChunkState(userId, id);
  const missing = await missingChunks(id, lastSeq);
  if (missing.length) throw new AppError("live.chunksMissing", { count: missing.length }, { missing: missing.slice(0, 2000) });

  // Claim the finish: a second finish (double click, another web process) answers the same task.
  const taskId = newTaskId();
  const claimed = await prisma.liveSession.updateMany({ where: { id, userId, taskId: null }, data: { taskId } });
  if (claimed.count === 0) return { taskId: (await findOwnedSession(userId, id)).taskId! };
  try {
    await createTask({ id: taskId, userId, title: titleOf(row, locale), source: "live", status: "queued", spokenLanguage: row.spokenLanguage });
    await withScratchDir("live", async (dir) => {
      const file = path.join(dir, "recording.wav");
      await assembleWav(row, lastSeq, file);
      await intakeFetchedMedia({ id: taskId, userId }, { path: file, name: "recording.wav" });
    });
    await prisma.$transaction([
      prisma.taskHighlight.createMany({ data: row.marks.map((m) => ({ taskId, atSec: m.atSec })) }),
      prisma.liveSession.update({ where: { id }, data: { state: "ended" } }),
    ]);
  } catch (e) {
    // Nothing of the task stays; the chunks do, and the browser may finish again.
    await discardUnfinishedTask(taskId).catch(() => undefined);
    await prisma.liveSession.updateMany({ where: { id, taskId }, data: { taskId: null } }).catch(() => undefined);
    throw e;
  }
  if (row.folderId) await moveTasks(userId, [taskId], row.folderId).catch(() => undefined);
  await queueTranscription(taskId, locale);
  await announceTaskEvent(taskId, { kind: "liveEnded" });
  await publishLive(id, "status", { receivedSeq: lastSeq, durationSec: row.durationSec, decodedSec: row.durationSec, behindSec: 0, state: "ended" }).catch(() => undefined);
  // The chunks live on in the task's WAV.
  await storage()
    .removeFolder(chunkFolder(userId, id))
    .catch((e: unknown) => logger.warn("live chunks not removed", { sessionId: id, error: e instanceof Error ? e.message : String(e) }));
  await forgetChunkState(id).catch(() => undefined);
  return { taskId };
}
