import "server-only";
import { AppError } from "@/lib/server/errors";
import { AUDIO_MAX_BYTES, MAX_FILES_PER_UPLOAD, VIDEO_MAX_BYTES } from "@/lib/media/limits";
import { prisma } from "@/lib/server/prisma";
import type { DecodeProfile } from "@/lib/speech/types";
import { chargeTasks } from "@/lib/billing/ledger";
import { assertUploadAllowed } from "@/lib/billing/upload-plan";
import { intakeSeconds, mediaRecords, probeIntakeFile, removeStored, storeIntakeFiles, type IntakeFile } from "./intake";
import { withReceivedForm, type ReceivedForm } from "./multipart";
import { queueTranscription } from "./queueing";
import { speakerCountField } from "./speakers";
import { decodeProfileField } from "./decode-profile";
import { assertEngineHears, spokenLanguageField } from "./spoken-language";
import { newTaskId } from "./task-files";
import { taskSummarySelect, toTaskSummary } from "@/lib/tasks/task.serializer";

/** Checks every file (size, type by content, duration); throws the first catalogue error found, listing bad files. */
async function checkFiles(form: ReceivedForm): Promise<IntakeFile[]> {
  if (form.files.length === 0) throw new AppError("upload.noFile");
  const unsupported: string[] = [];
  const checked: IntakeFile[] = [];
  for (const f of form.files) {
    if (f.truncated) throw new AppError("upload.fileSizeLimitExceeded", { file: f.name });
    if (f.size === 0) throw new AppError("upload.emptyFile", { file: f.name });
    let file: IntakeFile;
    try {
      file = await probeIntakeFile({ path: f.path, name: f.name });
    } catch (e) {
      if (e instanceof AppError && e.key === "upload.unsupportedType") {
        unsupported.push(f.name);
        continue;
      }
      if (e instanceof AppError) throw new AppError(e.key, { file: f.name });
      throw e;
    }
    if (file.kind === "audio" && f.size > AUDIO_MAX_BYTES) throw new AppError("upload.audioTooLarge", { file: f.name });
    if (file.kind === "video" && f.size > VIDEO_MAX_BYTES) throw new AppError("upload.videoTooLarge", { file: f.name });
    checked.push(file);
  }
  if (unsupported.length) throw new AppError("upload.unsupportedType", { files: unsupported.join(", ") });
  return checked;
}

const mediaLimits = { maxFiles: MAX_FILES_PER_UPLOAD, maxFileBytes: VIDEO_MAX_BYTES, fileTooLarge: (file: string) => new AppError("upload.fileSizeLimitExceeded", { file }) };

function titleOf(fileName: string): string {
  return fileName.replace(/\.[^.]+$/, "").trim() || fileName;
}

interface NewTask {
  id: string;
  title: string;
  source: "upload" | "merge";
  files: IntakeFile[];
  /** How many speakers the uploader said there are; null lets the diarizer decide. */
  speakerCount: number | null;
  /** "fast" / "accurate" as the uploader picked; null is the default. */
  decodeProfile: DecodeProfile | null;
  /** The language the uploader said is spoken, or "auto" (lib/tasks/spoken-language.ts). */
  spokenLanguage: string;
}

/**
 * Moves the files into storage and creates the tasks with their charges, all
 * or nothing: on any failure the stored files are removed and no task exists.
 */
async function createTasks(userId: string, locale: string, planned: NewTask[], start: boolean) {
  const stored: string[][] = [];
  try {
    for (const t of planned) stored.push(await storeIntakeFiles(userId, t.id, t.files));
    await prisma.$transaction(async (db) => {
      for (const [k, t] of planned.entries()) {
        const media = mediaRecords(t.files, stored[k]!);
        await db.task.create({
          data: {
            id: t.id,
            userId,
            title: [...t.title].slice(0, 200).join(""), // code points: an emoji is never cut in half
            source: t.source,
            status: "not_started",
            speakerCount: t.speakerCount,
            decodeProfile: t.decodeProfile,
            spokenLanguage: t.spokenLanguage,
            ...media.task,
            mediaParts: { create: media.parts },
          },
        });
      }
      await chargeTasks(db, userId, planned.map((t) => ({ taskId: t.id, seconds: intakeSeconds(t.files) })));
    });
  } catch (e) {
    await removeStored(stored.flat());
    throw e;
  }
  if (start) for (const t of planned) await queueTranscription(t.id, locale);
  const rows = await prisma.task.findMany({ where: { id: { in: planned.map((t) => t.id) } }, select: taskSummarySelect, orderBy: { createTime: "asc" } });
  return rows.map((r) => toTaskSummary(r, null));
}

/**
 * The uploader's choices from the form's fields. A language the configured engine cannot hear is refused
 * here, before any file is probed, stored or charged (creating a task charges it, started or not).
 */
function uploadChoices(form: ReceivedForm, locale: string) {
  const spokenLanguage = spokenLanguageField(form.fields.spoken_language, locale);
  assertEngineHears(spokenLanguage);
  return { speakerCount: speakerCountField(form.fields.speaker_count), decodeProfile: decodeProfileField(form.fields.decode_profile), spokenLanguage };
}

/** POST /api/transcription/create: every file becomes its own task. */
export async function createFromUpload(req: Request, userId: string, locale: string) {
  return withReceivedForm(req, mediaLimits, async (form) => {
    const { speakerCount, decodeProfile, spokenLanguage } = uploadChoices(form, locale);
    const files = await checkFiles(form);
    await assertUploadAllowed(userId, files, { batch: true });
    const planned = files.map((f) => ({ id: newTaskId(), title: titleOf(f.name), source: "upload" as const, files: [f], speakerCount, decodeProfile, spokenLanguage }));
    return { tasks: await createTasks(userId, locale, planned, form.fields.start !== "false") };
  });
}

/** POST /api/transcription/merge-transcribe: the files, in the order sent, become one task. */
export async function createFromMerge(req: Request, userId: string, locale: string) {
  return withReceivedForm(req, mediaLimits, async (form) => {
    if (form.files.length < 2) throw new AppError("upload.mergeNeedsFiles");
    const { speakerCount, decodeProfile, spokenLanguage } = uploadChoices(form, locale);
    const files = await checkFiles(form);
    await assertUploadAllowed(userId, files, { batch: false });
    const title = form.fields.title?.trim() || titleOf(files[0]!.name);
    const [task] = await createTasks(userId, locale, [{ id: newTaskId(), title, source: "merge", files, speakerCount, decodeProfile, spokenLanguage }], form.fields.start !== "false");
    return { task };
  });
}
