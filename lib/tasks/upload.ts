import "server-only";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/api/errors";
import { billableMinutes, reserveMinutes } from "@/lib/billing/usage";
import { probeMedia } from "@/lib/media/probe";
import { AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_MAX_BYTES } from "@/lib/media/limits";
import { storage } from "@/lib/storage/storage";
import { prisma } from "@/lib/server/prisma";
import { withReceivedForm, type ReceivedForm } from "./multipart";
import { mediaFolder } from "./task.service";
import { queueTranscription } from "./queueing";
import { speakerCountField } from "./speakers";
import { taskSummarySelect, toTaskSummary } from "./task.view";

/** One uploaded file, written to scratch disk and checked by content. */
interface ReceivedFile {
  name: string;
  path: string;
  size: number;
  kind: "audio" | "video";
  container: string;
  durationSec: number;
  mime: string;
}

/** Checks every file (size, type by content, duration); throws the first catalogue error found, listing bad files. */
async function checkFiles(form: ReceivedForm): Promise<ReceivedFile[]> {
  if (form.files.length === 0) throw new AppError("upload.noFile");
  const unsupported: string[] = [];
  const checked: ReceivedFile[] = [];
  for (const f of form.files) {
    if (f.truncated) throw new AppError("upload.fileSizeLimitExceeded", { file: f.name });
    if (f.size === 0) throw new AppError("upload.emptyFile", { file: f.name });
    let probe;
    try {
      probe = await probeMedia(f.path);
    } catch (e) {
      if (e instanceof AppError && e.key === "upload.unsupportedType") {
        unsupported.push(f.name);
        continue;
      }
      if (e instanceof AppError) throw new AppError(e.key, { file: f.name });
      throw e;
    }
    if (probe.kind === "audio" && f.size > AUDIO_MAX_BYTES) throw new AppError("upload.audioTooLarge", { file: f.name });
    if (probe.kind === "video" && f.size > VIDEO_MAX_BYTES) throw new AppError("upload.videoTooLarge", { file: f.name });
    checked.push({ name: f.name, path: f.path, size: f.size, kind: probe.kind, container: probe.container, durationSec: probe.durationSec, mime: f.mime });
  }
  if (unsupported.length) throw new AppError("upload.unsupportedType", { files: unsupported.join(", ") });
  return checked;
}

const mediaLimits = { maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: VIDEO_MAX_BYTES };

function titleOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "").trim() || fileName;
}

interface NewTask {
  id: string;
  title: string;
  source: "upload" | "merge";
  files: ReceivedFile[];
  /** How many speakers the uploader said there are; null lets the diarizer decide. */
  speakerCount: number | null;
}

/**
 * Moves the files into storage and creates the tasks with their minutes
 * reserved, all or nothing: on any failure the stored files are removed and
 * no task exists.
 */
async function createTasks(userId: string, locale: string, planned: NewTask[], start: boolean) {
  const stored: string[] = [];
  try {
    for (const t of planned) {
      for (const [i, f] of t.files.entries()) {
        const key = `${mediaFolder(userId, t.id)}/part-${i}${path.extname(f.name).toLowerCase() || ""}`;
        await storage().putFile(key, f.path, f.mime);
        stored.push(key);
      }
    }
    await prisma.$transaction(async (db) => {
      const minutes = planned.reduce((sum, t) => sum + billableMinutes(t.files.reduce((s, f) => s + f.durationSec, 0)), 0);
      await reserveMinutes(db, userId, minutes);
      let k = 0;
      for (const t of planned) {
        const duration = t.files.reduce((s, f) => s + f.durationSec, 0);
        const isVideo = t.files.length === 1 && t.files[0]!.kind === "video";
        await db.task.create({
          data: {
            id: t.id,
            userId,
            title: t.title.slice(0, 200),
            source: t.source,
            status: "not_started",
            duration,
            speakerCount: t.speakerCount,
            fileSize: t.files.reduce((s, f) => s + f.size, 0),
            mediaKind: isVideo ? "video" : "audio",
            mediaMime: t.files.length === 1 ? t.files[0]!.mime : "audio/wav",
            // A single file plays as uploaded; a merge plays the merged audio the worker makes.
            mediaKey: t.files.length === 1 ? stored[k] : null,
            chargedMinutes: billableMinutes(duration),
            mediaParts: {
              create: t.files.map((f, i) => ({
                position: i,
                storageKey: stored[k + i]!,
                originalName: f.name,
                size: f.size,
                mime: f.mime,
                kind: f.kind,
                duration: f.durationSec,
              })),
            },
          },
        });
        k += t.files.length;
      }
    });
  } catch (e) {
    for (const key of stored) await storage().remove(key).catch(() => undefined);
    throw e;
  }
  if (start) for (const t of planned) await queueTranscription(t.id, locale);
  const rows = await prisma.task.findMany({ where: { id: { in: planned.map((t) => t.id) } }, select: taskSummarySelect, orderBy: { createTime: "asc" } });
  return rows.map((r) => toTaskSummary(r, null));
}

/** POST /api/transcription/create: every file becomes its own task. */
export async function createFromUpload(req: Request, userId: string, locale: string) {
  return withReceivedForm(req, mediaLimits, async (form) => {
    const speakerCount = speakerCountField(form.fields.speaker_count);
    const files = await checkFiles(form);
    const planned = files.map((f) => ({ id: newTaskId(), title: titleOf(f.name), source: "upload" as const, files: [f], speakerCount }));
    return { tasks: await createTasks(userId, locale, planned, form.fields.start !== "false") };
  });
}

/** POST /api/transcription/merge-transcribe: the files, in the order sent, become one task. */
export async function createFromMerge(req: Request, userId: string, locale: string) {
  return withReceivedForm(req, mediaLimits, async (form) => {
    if (form.files.length < 2) throw new AppError("upload.mergeNeedsFiles");
    const speakerCount = speakerCountField(form.fields.speaker_count);
    const files = await checkFiles(form);
    const title = form.fields.title?.trim() || titleOf(files[0]!.name);
    const [task] = await createTasks(userId, locale, [{ id: newTaskId(), title, source: "merge", files, speakerCount }], form.fields.start !== "false");
    return { task };
  });
}

export function newTaskId(): string {
  return `t${randomUUID().replace(/-/g, "").slice(0, 24)}`;
}
