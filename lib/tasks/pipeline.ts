import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { announceTaskEvent } from "@/lib/task-events/task-events";
import { isAppError } from "@/lib/server/errors";
import { setProgress, clearProgress } from "@/lib/jobs/progress";
import { translatorFor } from "@/lib/i18n/server";
import { concatToWav, normalizeToWav } from "@/lib/media/ffmpeg";
import { playsInBrowser } from "@/lib/media/formats";
import { readWavInfo } from "@/lib/media/wav";
import { speechEngine } from "@/lib/speech/engine";
import { recordSpeechTime } from "@/lib/jobs/job-metrics";
import { storageChunkCache } from "@/lib/speech/chunk-cache";
import { transcribeLong } from "@/lib/speech/long";
import { decodeWeightFor } from "@/lib/speech/decoder-slots";
import type { KnownSpeaker, SpeechResult } from "@/lib/speech/types";
import { assignSpeakers } from "@/lib/diarization/assign";
import { startDiarization, type Diarization } from "@/lib/diarization/diarize-file";
import { correctCharge, refundTask } from "@/lib/billing/ledger";
import { scratchDir, storage } from "@/lib/storage/storage";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { abortWhenGone, moveTaskStatus, moveTranscribingTask, TaskGoneError, taskExists, TaskSettledError, updateTranscribingTask } from "./write-guard";
import { isInTranscription } from "./task-status";
import { PermanentTaskError, taskErrorFields } from "@/lib/jobs/task-errors";
import { mediaFolder, removeTaskFiles } from "./task-files";
import { joinFullText } from "./task.service";
import { diarizeOptionsFor, reassignSpeakers, restingStatus } from "./speakers";
import { decodeProfileOf } from "./decode-profile";
import { providerSpeakers } from "./provider-speakers";
import { engineCanHear, engineLanguageOf } from "./spoken-language";

/**
 * The transcription pipeline the worker runs for one task:
 *   [fetch a link's media] → prepare (normalise, or merge several files) → transcribe → diarize → save.
 * Each step's output is kept in storage and the step is recorded in
 * task.completedSteps, so a redelivered job (retry, dead worker) skips it.
 */
type Step = "fetch" | "prepare" | "transcribe" | "diarize";

/** Brings a link task's media from its site into the task (lib/imports/link.service.ts); given by the worker, so tasks never import imports. */
export type MediaFetcher = (task: { id: string; userId: string; sourceUrl: string }, workDir: string, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<void>;

/**
 * Runs the pipeline; a task deleted while it runs stops it at the next step
 * (every write is conditional on the row, and a watch aborts long steps), and
 * whatever the worker stored meanwhile is removed again.
 */
/** Names the saved speakers after the owner's voice profiles (lib/voice-profiles/apply.ts); given by the worker, so tasks never import voice profiles. */
export type SpeakerNamer = (taskId: string, wavPath: string) => Promise<unknown>;
/** The owner's known speakers (name and reference clip) for a diarizing speech API; given by the worker too. */
export type KnownSpeakerSource = (userId: string) => Promise<KnownSpeaker[]>;
type PipelineHooks = { fetchMedia?: MediaFetcher; nameSpeakers?: SpeakerNamer; knownSpeakers?: KnownSpeakerSource };

export async function runTranscription(taskId: string, opts: { locale: string; signal?: AbortSignal } & PipelineHooks) {
  const owner = await prisma.task.findUnique({ where: { id: taskId }, select: { userId: true } });
  if (!owner) return { skipped: "deleted" as const };
  const watch = abortWhenGone(taskId, opts.signal);
  try {
    return await runSteps(taskId, { ...opts, signal: watch.signal });
  } catch (e) {
    // Finalised meanwhile (a stale copy of the job): its files and its end stay as they are.
    if (e instanceof TaskSettledError) {
      logger.warn("task reached an end while a stale copy of its job ran; stopped", { taskId });
      return { skipped: "settled" as const };
    }
    // Any failure of a task that no longer exists (a write that found no row, an aborted step) is the delete's doing.
    if (e instanceof TaskGoneError || !(await taskExists(taskId).catch(() => true))) {
      // In Recently deleted its stored files stay for a restore (the purge removes them); once purged,
      // files stored after the purge removed the folder go too. Scratch goes in the steps' own finally.
      const purged = (await prisma.task.count({ where: { id: taskId } }).catch(() => 1)) === 0;
      if (purged) await removeTaskFiles(owner.userId, taskId);
      else await clearProgress(taskId).catch(() => undefined);
      logger.info("task deleted while it ran; stopped", { taskId });
      return { skipped: "deleted" as const };
    }
    throw e;
  } finally {
    watch.stop();
  }
}

async function runSteps(taskId: string, opts: { locale: string; signal: AbortSignal } & PipelineHooks) {
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    select: {
      id: true,
      userId: true,
      status: true,
      source: true,
      sourceUrl: true,
      completedSteps: true,
      speakerCount: true,
      decodeProfile: true,
      spokenLanguage: true,
      transcriptionTime: true,
      duration: true,
      user: { select: { planCode: true } },
      mediaParts: { orderBy: { position: "asc" }, select: { storageKey: true, mime: true } },
    },
  });
  if (!task) return { skipped: "deleted" as const };
  if (!isInTranscription(task.status)) return { skipped: task.status };

  const folder = mediaFolder(task.userId, taskId);
  const normalizedKey = `${folder}/normalized.wav`;
  const segmentsKey = `${folder}/segments.json`;
  // Where the files of a merged task meet in normalized.wav: transcription cuts its chunks there.
  const joinsKey = `${folder}/joins.json`;
  let joinsSec: number[] = [];
  const work = await scratchDir("tasks", taskId);
  const wav = path.join(work, "normalized.wav");
  const done = new Set(task.completedSteps);
  let diarizing: Diarization | undefined;
  const markDone = async (step: Step) => {
    done.add(step);
    await updateTranscribingTask(taskId, { completedSteps: [...done] });
  };
  const engine = speechEngine();

  try {
    // Started on another engine (the operator changed it since): English-sounding nonsense is no transcript.
    if (!done.has("transcribe") && !engineCanHear(engine, task.spokenLanguage)) throw new PermanentTaskError("language_unsupported", ["contactSupport"]);

    // 0. fetch: a link's media comes from the video platform first.
    if (task.source === "link" && task.sourceUrl && task.mediaParts.length === 0) {
      if (!opts.fetchMedia) throw new Error("runTranscription needs fetchMedia for a link task");
      await setStatus(taskId, "transcribing", "fetching", 1);
      await opts.fetchMedia({ id: taskId, userId: task.userId, sourceUrl: task.sourceUrl }, work, (f) => void setProgress(taskId, { stage: "fetching", percent: 1 + f * 4 }).catch(() => undefined), opts.signal);
      task.mediaParts = await prisma.mediaPart.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { storageKey: true, mime: true } });
      await markDone("fetch");
    }
    if (task.mediaParts.length === 0) throw new PermanentTaskError("media_unreadable", ["checkFileLink", "retryLater"]);

    // 1. prepare: one 16 kHz mono WAV, merged in order when there are several files.
    if (!done.has("prepare")) {
      const parts = await Promise.all(task.mediaParts.map((p, i) => storage().fetchToFile(p.storageKey, path.join(work, `part-${i}`))));
      if (parts.length > 1) {
        await setStatus(taskId, "merging", "merging", 2);
        ({ joinsSec } = await concatToWav(parts, wav, opts.signal));
        const joinsFile = path.join(work, "joins.json");
        await fsp.writeFile(joinsFile, JSON.stringify(joinsSec));
        await storage().putFile(joinsKey, joinsFile, "application/json");
      } else {
        await setStatus(taskId, "transcribing", "normalizing", 2);
        await normalizeToWav(parts[0]!, wav, opts.signal);
      }
      for (const p of parts) await fsp.rm(p, { force: true });
      // storage.putFile moves the file; keep a local copy for the next steps.
      await fsp.copyFile(wav, `${wav}.keep`);
      await storage().putFile(normalizedKey, `${wav}.keep`, "audio/wav");
      // Billing follows the decoded length, not the container's claim (a truncated MP3's header still says 5 s).
      const decodedSec = (await readWavInfo(wav)).durationSec;
      // A merge, or a format browsers cannot play, plays from this WAV (lib/tasks/intake.ts mediaRecords).
      const playsWav = parts.length > 1 || !playsInBrowser(task.mediaParts[0]!.mime);
      await prisma.$transaction(async (db) => {
        await updateTranscribingTask(taskId, { duration: decodedSec, ...(playsWav ? { mediaKey: normalizedKey, mediaMime: "audio/wav" } : {}) }, db);
        if (!task.transcriptionTime) await correctCharge(db, taskId, decodedSec);
      }).catch((e: unknown) => {
        // Longer than its header said, past what the plan has left.
        throw isAppError(e) && e.key === "upload.usageLimit" ? new PermanentTaskError("media_too_long", ["checkFileLink"]) : e;
      });
      await markDone("prepare");
    } else {
      await fsp.access(wav).catch(() => storage().fetchToFile(normalizedKey, wav));
      if (task.mediaParts.length > 1) joinsSec = await readJoins(joinsKey, work);
    }

    // 3 starts now: diarization reads only the WAV, so it runs beside transcription and fills the cores that
    // decoding leaves idle (its last chunks, a remote engine's waits) instead of adding minutes after it.
    diarizing = startDiarization(wav, diarizeOptionsFor(task.speakerCount), opts.signal);

    // 2. transcribe through the configured engine, long audio in parallel chunks.
    let speech: SpeechResult;
    if (!done.has("transcribe")) {
      await setStatus(taskId, "transcribing", "transcribing", 5);
      const hotwords = await activeHotwords(task.userId);
      // A diarizing speech API names the owner's known people itself (lib/voice-profiles/references.ts).
      const knownSpeakers = engine.diarizes && opts.knownSpeakers ? await opts.knownSpeakers(task.userId) : undefined;
      const decodeStarted = performance.now();
      speech = await transcribeLong(wav, {
        engine,
        hotwords,
        knownSpeakers,
        language: engineLanguageOf(task.spokenLanguage),
        profile: decodeProfileOf(task.decodeProfile),
        joinsSec,
        workDir: path.join(work, "chunks"),
        signal: opts.signal,
        // Chunks share the worker's decoder slots fairly across users and tasks, weighted by plan (docs/scheduling.md).
        claim: { userId: task.userId, taskId, weight: decodeWeightFor(task.user.planCode) },
        // Each chunk's transcript is kept with the task: a retry sends only the chunks still missing.
        cache: storageChunkCache(`${folder}/speech-chunks`, path.join(work, "chunk-results")),
        onProgress: (fraction, { waiting }) => void setProgress(taskId, { stage: waiting ? "waitingDecoder" : "transcribing", percent: 5 + fraction * 80 }).catch(() => undefined),
      });
      // The engine's real-time factor for /api/metrics (chunks a retry found cached make it look faster).
      await recordSpeechTime(engine.name, (performance.now() - decodeStarted) / 1000, (await readWavInfo(wav)).durationSec);
      const segmentsFile = path.join(work, "segments.json");
      await fsp.writeFile(segmentsFile, JSON.stringify(speech));
      await storage().putFile(segmentsKey, segmentsFile, "application/json");
      await updateTranscribingTask(taskId, { speechEngine: engine.name, language: speech.language ?? null });
      await markDone("transcribe");
    } else {
      const local = await storage().fetchToFile(segmentsKey, path.join(work, "segments.json"));
      speech = JSON.parse(await fsp.readFile(local, "utf8")) as SpeechResult;
    }
    const segments = speech.segments.filter((s) => s.text.trim());
    if (segments.length === 0) throw new PermanentTaskError("no_speech", ["checkSpeech", "notSilent", "clearerAudio"]);

    // 3. diarize (our own, engine-independent; started above) and save speakers and timeline together.
    await setProgress(taskId, { stage: "diarizing", percent: 88 });
    // The speech API's own speakers when it gave them (never on re-detection, which is asked of our separation).
    const wavInfo = await readWavInfo(wav);
    const provider = task.transcriptionTime ? null : providerSpeakers(segments, joinsSec.length > 0 || wavInfo.durationSec > (engine.chunking?.maxChunkSec ?? Infinity));
    if (provider) await diarizing.stop();
    const ours = provider ? null : await diarizing.result;
    const durationSec = ours?.durationSec ?? wavInfo.durationSec;
    await setProgress(taskId, { stage: "saving", percent: 96 });
    // A transcript that finished before is having its speakers detected again: it keeps its entries (and the owner's edits).
    if (task.transcriptionTime && ours) {
      const result = await reassignSpeakers(taskId, ours.turns, opts.locale, [...done], () => opts.nameSpeakers?.(taskId, wav));
      await clearProgress(taskId);
      return result;
    }
    const entries = provider ? provider.entries : assignSpeakers(segments, ours?.turns ?? []);
    const { t } = await translatorFor(opts.locale);
    // Default names follow the order in which the speakers first talk.
    const speakerNumbers = [...new Set(entries.map((e) => e.speaker))];
    const finished = {
      transcriptionTime: new Date(),
      duration: durationSec,
      fullText: joinFullText(entries.map((e) => e.text.trim())),
      completedSteps: [...done, "diarize"],
      estimatedMinutes: null,
      speakerSource: provider ? ("provider" as const) : ("ours" as const),
    };
    await prisma.$transaction(async (db) => {
      // First: a task deleted or settled meanwhile stops here (TaskGoneError, TaskSettledError) and the transaction writes nothing.
      await updateTranscribingTask(taskId, { duration: durationSec }, db);
      await db.timelineEntry.deleteMany({ where: { taskId } });
      await db.speaker.deleteMany({ where: { taskId } });
      const ids = new Map<number, string>();
      for (const [position, n] of speakerNumbers.entries()) {
        const name = provider?.names.get(n) ?? t("tasks.speakerDefault", { n: position + 1 });
        const s = await db.speaker.create({ data: { taskId, label: `spk_${n}`, name, position }, select: { id: true } });
        ids.set(n, s.id);
      }
      await db.timelineEntry.createMany({
        data: entries.map((e, position) => ({ taskId, position, begin: Math.round(e.begin), end: Math.round(e.end), text: e.text.trim(), speakerId: ids.get(e.speaker) ?? null })),
      });
    });
    // Voice profiles name the speakers before the task shows as completed, so the owner's first look has the names
    // (named after it, a transcript already open kept "Speaker 1"). A redelivered job before the move starts over above.
    await opts.nameSpeakers?.(taskId, wav);
    await moveTranscribingTask(taskId, "completed", finished);
    await clearProgress(taskId);
    await announceTaskEvent(taskId, { kind: "transcribed" });
    return { speakers: speakerNumbers.length, entries: entries.length };
  } finally {
    // A step that failed before diarization was awaited ends the child process before the scratch folder goes.
    await diarizing?.stop();
    await fsp.rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function setStatus(taskId: string, status: "merging" | "transcribing", stage: string, percent: number) {
  // Conditional: a failure recorded meanwhile (and its refund) wins over a step of a stale copy of the job.
  await moveTranscribingTask(taskId, status);
  await setProgress(taskId, { stage, percent });
}

/** The joins a merge recorded; a task merged before they were recorded has none (its chunks are cut as before). */
async function readJoins(key: string, work: string): Promise<number[]> {
  try {
    const local = await storage().fetchToFile(key, path.join(work, "joins.json"));
    return JSON.parse(await fsp.readFile(local, "utf8")) as number[];
  } catch {
    return [];
  }
}

async function activeHotwords(userId: string): Promise<string[]> {
  const rows = await prisma.hotword.findMany({ where: { userId, enabled: true }, select: { text: true }, take: 500 });
  return rows.map((r) => r.text);
}

/**
 * Records a final failure with the details the task's error panel shows, and
 * refunds the task's charge (lib/billing/ledger.ts) in the same transaction.
 */
export async function markTranscriptionFailed(taskId: string, error: unknown, ctx: { locale: string; attempts: number; requestId: string }) {
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    select: { status: true, transcriptionTime: true, summary: true, completedSteps: true },
  });
  if (!task || task.status === "completed") return;
  if (task.transcriptionTime) {
    // A re-detection of speakers failed: the transcript and its old speakers are intact, and nothing was charged.
    logger.error("speaker re-detection failed", { taskId, error: error instanceof Error ? error.message : String(error) });
    await moveTaskStatus(taskId, restingStatus(task.summary), {
      data: { completedSteps: [...new Set([...task.completedSteps, "diarize"])], estimatedMinutes: null },
    });
    await clearProgress(taskId);
    return;
  }
  const permanent = error instanceof PermanentTaskError ? error : null;
  const code = permanent?.code ?? "transcription_failed";
  const suggestions = permanent?.suggestions ?? ["checkNetwork", "retryLater", "contactSupport"];
  logger.error("transcription failed", { taskId, code, error: error instanceof Error ? error.message : String(error) });
  const errorFields = await taskErrorFields(code, suggestions, ctx);
  // The failure and its refund in one transaction; a task already failed (or gone) is left alone, so a refund happens once.
  const failedNow = await prisma.$transaction(async (db) => {
    // Only a task still before its end moves to failed (the lifecycle forbids leaving completed or failed this way).
    const moved = await moveTaskStatus(taskId, "failed", { data: { ...errorFields, estimatedMinutes: null }, db });
    if (moved === 1) await refundTask(db, taskId);
    return moved === 1;
  });
  await clearProgress(taskId);
  if (failedNow) await announceTaskEvent(taskId, { kind: "transcriptionFailed" });
}
