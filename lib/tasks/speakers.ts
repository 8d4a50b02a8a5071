import "server-only";
import { AppError } from "@/lib/server/errors";
import { defaultSpeakerNumber } from "@/lib/tasks/speaker-names";
import { assignSpeakers } from "@/lib/diarization/assign";
import type { DiarizeOptions, SpeakerTurn } from "@/lib/diarization/diarize";
import { translatorFor } from "@/lib/i18n/server";
import { prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "./owned";
import { SPEAKER_COUNT_MAX } from "./task.schema";
import { isIn, isInAnalysis, isInTranscription, RESTING } from "./task-status";
import { moveTaskStatusOrThrow, updateTranscribingTask } from "./write-guard";
import { queueTranscription } from "./queueing";
import { moveTranslationLines } from "./speaker-edits";

/**
 * The number of speakers a recording has, when its owner knows better than
 * the diarizer: given at upload, or later with "re-detect speakers", which
 * runs the diarization again on the stored audio and keeps the transcript's
 * text, times and the names the owner gave.
 */

/** The multipart field `speaker_count` of an upload: absent, "" or "auto" let the diarizer decide. */
export function speakerCountField(value: string | undefined): number | null {
  const v = value?.trim().toLowerCase();
  if (!v || v === "auto") return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > SPEAKER_COUNT_MAX) throw new AppError("tasks.speakerCountInvalid");
  return n;
}

/** What the diarizer is told for a task's count. */
export function diarizeOptionsFor(speakerCount: number | null): DiarizeOptions {
  return speakerCount ? { minSpeakers: speakerCount, maxSpeakers: speakerCount } : {};
}

// Re-detection starts only from a status in which a finished transcript rests (RESTING).

/** Where a finished transcript goes back to after its speakers were (or failed to be) detected again: an analysed task stays analysed. */
export function restingStatus(summary: string | null): "analysis_completed" | "completed" {
  return summary ? "analysis_completed" : "completed";
}

/**
 * POST /api/transcription/{id}/redetect-speakers: queues the diarization again
 * with the given count (null: automatic). The stored audio and engine output
 * are reused, so nothing is transcribed or charged again.
 */
export async function requestSpeakerRedetection(userId: string, taskId: string, speakerCount: number | null, locale: string) {
  const task = await findOwnedTask(userId, taskId, { status: true, source: true, completedSteps: true });
  if (task.source === "document" || task.source === "text") throw new AppError("tasks.speakersNeedAudio");
  if (isInTranscription(task.status)) throw new AppError("tasks.transcriptionRunning");
  if (isInAnalysis(task.status)) throw new AppError("analysis.running");
  if (!isIn(RESTING, task.status) || !task.completedSteps.includes("transcribe")) throw new AppError("tasks.noTranscription");
  await prisma.task.update({
    where: { id: taskId },
    data: { speakerCount, completedSteps: task.completedSteps.filter((s) => s !== "diarize") },
  });
  // Only the diarization runs: seconds per hour of audio, so "about a minute" whatever the length.
  await queueTranscription(taskId, locale, { estimatedMinutes: 1 });
}

/**
 * Saves new diarization turns over an existing timeline: every entry keeps its
 * text and times (the owner's edits) and gets the speaker who talks most
 * within it. A new speaker keeps the name the owner gave the old speaker it
 * shares most time with; the others get default names. Translations follow
 * the entries' new speakers. `nameSpeakers` (the owner's voice profiles) runs
 * before the task rests again. Returns the counts for the log.
 */
export async function reassignSpeakers(taskId: string, turns: SpeakerTurn[], locale: string, done: string[], nameSpeakers?: () => Promise<unknown> | undefined) {
  const { t } = await translatorFor(locale);
  const task = await prisma.task.findUniqueOrThrow({
    where: { id: taskId },
    select: {
      summary: true,
      speakers: { select: { id: true, name: true, position: true } },
      timeline: { select: { position: true, begin: true, end: true, text: true, speakerId: true }, orderBy: { position: "asc" } },
    },
  });
  // Entries are their own segments (no word times), so none is split or joined and positions stay.
  const assigned = assignSpeakers(
    task.timeline.map((e) => ({ begin: e.begin, end: e.end, text: e.text })),
    turns,
  );
  const newSpeakerOf = assigned.map((a) => a.speaker);
  const order = [...new Set(newSpeakerOf)];

  // Shared time between each new speaker and each old one.
  const overlap = new Map<string, number>();
  task.timeline.forEach((e, i) => {
    if (!e.speakerId) return;
    const key = `${newSpeakerOf[i]}|${e.speakerId}`;
    overlap.set(key, (overlap.get(key) ?? 0) + (e.end - e.begin));
  });
  const ownNames = new Map(
    // A default name in any language ("Speaker 2", "Sprecher 2") was never given by the owner.
    task.speakers.filter((s) => defaultSpeakerNumber(s.name) === null).map((s) => [s.id, s.name]),
  );
  const inherited = new Map<number, string>();
  const claimed = new Set<string>();
  for (const [key] of [...overlap.entries()].sort((a, b) => b[1] - a[1])) {
    const [n, oldId] = key.split("|") as [string, string];
    const name = ownNames.get(oldId);
    if (!name || claimed.has(oldId) || inherited.has(Number(n))) continue;
    inherited.set(Number(n), name);
    claimed.add(oldId);
  }

  await prisma.$transaction(async (db) => {
    // First: a task deleted or settled meanwhile stops here and the transaction writes nothing.
    await updateTranscribingTask(taskId, { speakerSource: "ours" }, db);
    await db.speaker.deleteMany({ where: { taskId } });
    const ids = new Map<number, string>();
    for (const [position, n] of order.entries()) {
      const name = inherited.get(n) ?? t("tasks.speakerDefault", { n: position + 1 });
      const s = await db.speaker.create({ data: { taskId, label: `spk_${n}`, name, position }, select: { id: true } });
      ids.set(n, s.id);
    }
    for (const n of order) {
      const positions = task.timeline.filter((_, i) => newSpeakerOf[i] === n).map((e) => e.position);
      await db.timelineEntry.updateMany({ where: { taskId, position: { in: positions } }, data: { speakerId: ids.get(n)! } });
    }
    await moveTranslationLines(db, taskId, new Map(task.timeline.map((e, i) => [e.position, ids.get(newSpeakerOf[i]!)!])));
  });
  // Named before the task rests again, so the transcript the owner reloads then already has the names.
  await nameSpeakers?.();
  await moveTaskStatusOrThrow(taskId, restingStatus(task.summary), { data: { completedSteps: [...done, "diarize"], estimatedMinutes: null } });
  return { speakers: order.length, entries: task.timeline.length, redetected: true };
}
