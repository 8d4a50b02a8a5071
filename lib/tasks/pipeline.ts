import "server-only";
import fsp from "node:fs/promises";
import path from "node:path";
import { setProgress, clearProgress } from "@/lib/jobs/progress";
import { translatorFor } from "@/lib/i18n/server";
import { concatToWav, normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { speechEngine } from "@/lib/speech/engine";
import { transcribeLong } from "@/lib/speech/long";
import type { SpeechResult } from "@/lib/speech/types";
import { assignSpeakers } from "@/lib/diarization/assign";
import { diarize } from "@/lib/diarization/diarize";
import { refundMinutes } from "@/lib/billing/usage";
import { scratchDir, storage } from "@/lib/storage/storage";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { fetchLinkMedia } from "@/lib/imports/link.service";
import { PermanentTaskError } from "./task-errors";
import { joinFullText, mediaFolder } from "./task.service";
import { diarizeOptionsFor, reassignSpeakers, restingStatus } from "./speakers";

/**
 * The transcription pipeline the worker runs for one task:
 *   [fetch a link's media] → prepare (normalise, or merge several files) → transcribe → diarize → save.
 * Each step's output is kept in storage and the step is recorded in
 * task.completedSteps, so a redelivered job (retry, dead worker) skips it.
 */
type Step = "fetch" | "prepare" | "transcribe" | "diarize";

export async function runTranscription(taskId: string, opts: { locale: string; signal?: AbortSignal }) {
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
      transcriptionTime: true,
      duration: true,
      mediaParts: { orderBy: { position: "asc" }, select: { storageKey: true } },
    },
  });
  if (!task) return { skipped: "deleted" as const };
  if (task.status !== "queued" && task.status !== "merging" && task.status !== "transcribing") return { skipped: task.status };

  const folder = mediaFolder(task.userId, taskId);
  const normalizedKey = `${folder}/normalized.wav`;
  const segmentsKey = `${folder}/segments.json`;
  const work = await scratchDir("tasks", taskId);
  const wav = path.join(work, "normalized.wav");
  const done = new Set(task.completedSteps);
  const markDone = async (step: Step) => {
    done.add(step);
    await prisma.task.update({ where: { id: taskId }, data: { completedSteps: [...done] } });
  };

  try {
    // 0. fetch: a link's media comes from the video platform first.
    if (task.source === "link" && task.sourceUrl && task.mediaParts.length === 0) {
      await setStatus(taskId, "transcribing", "fetching", 1);
      await fetchLinkMedia({ id: taskId, userId: task.userId, sourceUrl: task.sourceUrl }, work, (f) => void setProgress(taskId, { stage: "fetching", percent: 1 + f * 4 }).catch(() => undefined));
      task.mediaParts = await prisma.mediaPart.findMany({ where: { taskId }, orderBy: { position: "asc" }, select: { storageKey: true } });
      await markDone("fetch");
    }
    if (task.mediaParts.length === 0) throw new PermanentTaskError("media_unreadable", ["checkFileLink", "retryLater"]);

    // 1. prepare: one 16 kHz mono WAV, merged in order when there are several files.
    if (!done.has("prepare")) {
      const parts = await Promise.all(task.mediaParts.map((p, i) => storage().fetchToFile(p.storageKey, path.join(work, `part-${i}`))));
      if (parts.length > 1) {
        await setStatus(taskId, "merging", "merging", 2);
        await concatToWav(parts, wav);
      } else {
        await setStatus(taskId, "transcribing", "normalizing", 2);
        await normalizeToWav(parts[0]!, wav);
      }
      for (const p of parts) await fsp.rm(p, { force: true });
      // storage.putFile moves the file; keep a local copy for the next steps.
      await fsp.copyFile(wav, `${wav}.keep`);
      await storage().putFile(normalizedKey, `${wav}.keep`, "audio/wav");
      if (parts.length > 1) await prisma.task.update({ where: { id: taskId }, data: { mediaKey: normalizedKey, mediaMime: "audio/wav" } });
      await markDone("prepare");
    } else {
      await fsp.access(wav).catch(() => storage().fetchToFile(normalizedKey, wav));
    }

    // 2. transcribe through the configured engine, long audio in parallel chunks.
    let speech: SpeechResult;
    const engine = speechEngine();
    if (!done.has("transcribe")) {
      await setStatus(taskId, "transcribing", "transcribing", 5);
      const hotwords = await activeHotwords(task.userId);
      speech = await transcribeLong(wav, {
        engine,
        hotwords,
        workDir: path.join(work, "chunks"),
        signal: opts.signal,
        onProgress: (fraction) => void setProgress(taskId, { stage: "transcribing", percent: 5 + fraction * 80 }).catch(() => undefined),
      });
      const segmentsFile = path.join(work, "segments.json");
      await fsp.writeFile(segmentsFile, JSON.stringify(speech));
      await storage().putFile(segmentsKey, segmentsFile, "application/json");
      await prisma.task.update({ where: { id: taskId }, data: { speechEngine: engine.name, language: speech.language ?? null } });
      await markDone("transcribe");
    } else {
      const local = await storage().fetchToFile(segmentsKey, path.join(work, "segments.json"));
      speech = JSON.parse(await fsp.readFile(local, "utf8")) as SpeechResult;
    }
    const segments = speech.segments.filter((s) => s.text.trim());
    if (segments.length === 0) throw new PermanentTaskError("no_speech", ["checkSpeech", "notSilent", "clearerAudio"]);

    // 3. diarize (our own, engine-independent) and save speakers and timeline together.
    await setProgress(taskId, { stage: "diarizing", percent: 88 });
    const { samples, sampleRate } = await readWavPcm(wav);
    const turns = diarize(samples, sampleRate, diarizeOptionsFor(task.speakerCount));
    await setProgress(taskId, { stage: "saving", percent: 96 });
    // A transcript that finished before is having its speakers detected again: it keeps its entries (and the owner's edits).
    if (task.transcriptionTime) {
      const result = await reassignSpeakers(taskId, turns, opts.locale, [...done]);
      await clearProgress(taskId);
      return result;
    }
    const entries = assignSpeakers(segments, turns);
    const { t } = await translatorFor(opts.locale);
    // Default names follow the order in which the speakers first talk.
    const speakerNumbers = [...new Set(entries.map((e) => e.speaker))];
    await prisma.$transaction(async (db) => {
      await db.timelineEntry.deleteMany({ where: { taskId } });
      await db.speaker.deleteMany({ where: { taskId } });
      const ids = new Map<number, string>();
      for (const [position, n] of speakerNumbers.entries()) {
        const s = await db.speaker.create({ data: { taskId, label: `spk_${n}`, name: t("tasks.speakerDefault", { n: position + 1 }), position }, select: { id: true } });
        ids.set(n, s.id);
      }
      await db.timelineEntry.createMany({
        data: entries.map((e, position) => ({ taskId, position, begin: Math.round(e.begin), end: Math.round(e.end), text: e.text.trim(), speakerId: ids.get(e.speaker) ?? null })),
      });
      await db.task.update({
        where: { id: taskId },
        data: {
          status: "completed",
          transcriptionTime: new Date(),
          duration: samples.length / sampleRate,
          fullText: joinFullText(entries.map((e) => e.text.trim())),
          completedSteps: [...done, "diarize"],
          estimatedMinutes: null,
        },
      });
    });
    await clearProgress(taskId);
    return { speakers: speakerNumbers.length, entries: entries.length };
  } finally {
    await fsp.rm(work, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function setStatus(taskId: string, status: "merging" | "transcribing", stage: string, percent: number) {
  await prisma.task.update({ where: { id: taskId }, data: { status } });
  await setProgress(taskId, { stage, percent });
}

async function activeHotwords(userId: string): Promise<string[]> {
  const rows = await prisma.hotword.findMany({ where: { userId, enabled: true }, select: { text: true }, take: 500 });
  return rows.map((r) => r.text);
}

/**
 * Records a final failure with the details the task's error panel shows, and
 * gives the reserved minutes back.
 */
export async function markTranscriptionFailed(taskId: string, error: unknown, ctx: { locale: string; attempts: number; requestId: string }) {
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    select: { userId: true, chargedMinutes: true, createTime: true, status: true, transcriptionTime: true, summary: true, completedSteps: true },
  });
  if (!task || task.status === "completed") return;
  if (task.transcriptionTime) {
    // A re-detection of speakers failed: the transcript and its old speakers are intact, and nothing was charged.
    logger.error("speaker re-detection failed", { taskId, error: error instanceof Error ? error.message : String(error) });
    await prisma.task.update({
      where: { id: taskId },
      data: { status: restingStatus(task.summary), completedSteps: [...new Set([...task.completedSteps, "diarize"])], estimatedMinutes: null },
    });
    await clearProgress(taskId);
    return;
  }
  const { t } = await translatorFor(ctx.locale);
  const permanent = error instanceof PermanentTaskError ? error : null;
  const code = permanent?.code ?? "transcription_failed";
  const suggestions = permanent?.suggestions ?? ["checkNetwork", "retryLater", "contactSupport"];
  logger.error("transcription failed", { taskId, code, error: error instanceof Error ? error.message : String(error) });
  await prisma.task.update({
    where: { id: taskId },
    data: {
      status: "failed",
      errorCode: code,
      errorMessage: t(`tasks.failure.${code}.message`),
      errorDescription: t(`tasks.failure.${code}.description`),
      retryCount: ctx.attempts,
      requestId: ctx.requestId,
      errorSuggestions: suggestions,
      chargedMinutes: 0,
      estimatedMinutes: null,
    },
  });
  await refundMinutes(task.userId, task.chargedMinutes, task.createTime);
  await clearProgress(taskId);
}
