import "server-only";
import fsp from "node:fs/promises";
import { chargeTask } from "@/lib/billing/ledger";
import { billableSeconds } from "@/lib/billing/usage";
import { mimeOf, playsInBrowser } from "@/lib/media/formats";
import { probeMedia, type MediaKind } from "@/lib/media/probe";
import { storage } from "@/lib/storage/storage";
import { prisma } from "@/lib/server/prisma";
import { updateTranscribingTask } from "./write-guard";
import { mediaFolder } from "./task-files";

// The one way media enters a task, whoever brings it: an upload (lib/tasks/upload.ts),
// a video link's download or a meeting's recording (lib/imports). Probe by content,
// store under the task's folder, charge, and record the parts, in that order;
// the caller then queues the transcription (or is the pipeline already).

/** A media file on local disk, checked by content. */
export interface IntakeFile {
  name: string;
  path: string;
  size: number;
  kind: MediaKind;
  container: string;
  durationSec: number;
  /** The type we serve it as: from our probe, never from the client. */
  mime: string;
}

/** Probes a local file (throws the probe's catalogue errors: unsupportedType, corruptMedia). */
export async function probeIntakeFile(file: { path: string; name: string }): Promise<IntakeFile> {
  const probe = await probeMedia(file.path);
  const { size } = await fsp.stat(file.path);
  return { name: file.name, path: file.path, size, kind: probe.kind, container: probe.container, durationSec: probe.durationSec, mime: mimeOf(probe) };
}

/** Moves the files into the task's storage folder, in order; all or nothing. Returns their keys. */
export async function storeIntakeFiles(userId: string, taskId: string, files: IntakeFile[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const [i, f] of files.entries()) {
      const key = `${mediaFolder(userId, taskId)}/part-${i}.${f.container}`;
      await storage().putFile(key, f.path, f.mime);
      keys.push(key);
    }
    return keys;
  } catch (e) {
    await removeStored(keys);
    throw e;
  }
}

export async function removeStored(keys: string[]) {
  for (const key of keys) await storage().remove(key).catch(() => undefined);
}

/** The task's media fields and part rows for stored files. */
export function mediaRecords(files: IntakeFile[], keys: string[]) {
  const duration = files.reduce((s, f) => s + f.durationSec, 0);
  const single = files.length === 1 ? files[0]! : null;
  return {
    task: {
      duration,
      fileSize: files.reduce((s, f) => s + f.size, 0),
      mediaKind: single?.kind === "video" ? "video" : "audio",
      // A single file plays as it came if browsers can play it; a merge, or a format they cannot
      // play (MPEG-1, AVI, WMV, AMR...), plays from the WAV the worker makes (lib/tasks/pipeline.ts).
      mediaMime: single && playsInBrowser(single.mime) ? single.mime : "audio/wav",
      mediaKey: single && playsInBrowser(single.mime) ? keys[0]! : null,
    },
    parts: files.map((f, i) => ({ position: i, storageKey: keys[i]!, originalName: f.name, size: f.size, mime: f.mime, kind: f.kind, duration: f.durationSec })),
  };
}

/** Seconds billed for these files: their whole length, rounded up. */
export function intakeSeconds(files: IntakeFile[]): number {
  return billableSeconds(files.reduce((s, f) => s + f.durationSec, 0));
}

/**
 * Media fetched for an existing task (a link's download, a meeting's recording):
 * probe, store, then charge and record it in one transaction that also checks
 * the task still exists. On any failure nothing of it stays in storage.
 */
export async function intakeFetchedMedia(task: { id: string; userId: string }, local: { path: string; name: string }): Promise<IntakeFile> {
  const file = await probeIntakeFile(local);
  const keys = await storeIntakeFiles(task.userId, task.id, [file]);
  try {
    const records = mediaRecords([file], keys);
    await prisma.$transaction(async (db) => {
      // Only while the task waits on it: a stale copy of a job whose failure was recorded (and refunded) charges nothing.
      await updateTranscribingTask(task.id, records.task, db);
      await db.mediaPart.createMany({ data: records.parts.map((p) => ({ ...p, taskId: task.id })) });
      await chargeTask(db, { taskId: task.id, userId: task.userId, seconds: intakeSeconds([file]) });
    });
    return file;
  } catch (e) {
    await removeStored(keys);
    throw e;
  }
}
