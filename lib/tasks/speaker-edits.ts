import "server-only";
import { AppError } from "@/lib/server/errors";
import { translatorFor } from "@/lib/i18n/server";
import { Prisma, prisma } from "@/lib/server/prisma";
import { defaultSpeakerNumber } from "./speaker-names";
import { findOwnedTask } from "./owned";
import { isInTranscription } from "./task-status";
import { getTask } from "./task.service";

/**
 * The owner's corrections of who said what, where the automatic separation got it wrong
 * (docs/diarization.md "Correcting speakers by hand"): one line given to another speaker, or to a new
 * one; two speakers made one. Times and text stay; a speaker left without lines is removed,
 * and the translations' lines follow their entries. Owner only, like renaming.
 */

type Db = Prisma.TransactionClient;

/** Gives one line (timeline entry `index`) to `speakerId` of the same task, or to a new speaker when it is "new". */
export async function setEntrySpeaker(userId: string, taskId: string, index: number, speakerId: string | "new", locale: string) {
  const task = await findOwnedTask(userId, taskId, {
    status: true,
    speakers: { select: { id: true, name: true, label: true, position: true } },
    timeline: { where: { position: index }, select: { speakerId: true } },
  });
  if (isInTranscription(task.status)) throw new AppError("tasks.transcriptionRunning");
  const entry = task.timeline[0];
  if (!entry) throw new AppError("tasks.entryNotFound");
  if (speakerId !== "new" && !task.speakers.some((s) => s.id === speakerId)) throw new AppError("tasks.speakerNotFound");
  if (speakerId === entry.speakerId) return getTask(userId, taskId);
  const { t } = await translatorFor(locale);
  await prisma.$transaction(async (db) => {
    const target = speakerId === "new" ? await createSpeaker(db, taskId, task.speakers, (n) => t("tasks.speakerDefault", { n })) : speakerId;
    await db.timelineEntry.update({ where: { taskId_position: { taskId, position: index } }, data: { speakerId: target } });
    await moveTranslationLines(db, taskId, new Map([[index, target]]));
    if (entry.speakerId) await removeIfSilent(db, taskId, entry.speakerId);
  });
  return getTask(userId, taskId);
}

/**
 * Makes `speakerId` part of `intoId`: every line of the one becomes the other's, and the one
 * is removed. The speaker kept keeps its name; it takes the other's voice-profile match only
 * when it has none of its own (a recording never has two speakers on one profile).
 */
export async function mergeSpeakers(userId: string, taskId: string, speakerId: string, intoId: string) {
  if (speakerId === intoId) throw new AppError("tasks.mergeSameSpeaker");
  const task = await findOwnedTask(userId, taskId, {
    status: true,
    speakers: { where: { id: { in: [speakerId, intoId] } }, select: { id: true, profileId: true, profileState: true, profileConfidence: true } },
  });
  if (isInTranscription(task.status)) throw new AppError("tasks.transcriptionRunning");
  const from = task.speakers.find((s) => s.id === speakerId);
  const into = task.speakers.find((s) => s.id === intoId);
  if (!from || !into) throw new AppError("tasks.speakerNotFound");
  await prisma.$transaction(async (db) => {
    // The lines are read where they are moved, so an edit meanwhile cannot leave a translation line behind.
    const lines = await db.timelineEntry.findMany({ where: { taskId, speakerId }, select: { position: true } });
    await db.timelineEntry.updateMany({ where: { taskId, speakerId }, data: { speakerId: intoId } });
    await moveTranslationLines(db, taskId, new Map(lines.map((e) => [e.position, intoId])));
    await db.speaker.delete({ where: { id: speakerId } });
    if (!into.profileId && from.profileId) {
      await db.speaker.update({ where: { id: intoId }, data: { profileId: from.profileId, profileState: from.profileState, profileConfidence: from.profileConfidence } });
    }
  });
  return getTask(userId, taskId);
}

/**
 * Translations keep their own copy of each line's speaker (a translation is shown and
 * exported on its own): lines at the given entry indexes take the given speakers.
 */
export async function moveTranslationLines(db: Db, taskId: string, speakerAt: ReadonlyMap<number, string | null>) {
  const translations = await db.translation.findMany({ where: { taskId }, select: { id: true, timeline: true } });
  for (const tr of translations) {
    if (!Array.isArray(tr.timeline)) continue;
    const lines = tr.timeline as { index: number; speakerId: string | null }[];
    if (!lines.some((l) => speakerAt.has(l.index))) continue;
    const moved = lines.map((l) => (speakerAt.has(l.index) ? { ...l, speakerId: speakerAt.get(l.index)! } : l));
    await db.translation.update({ where: { id: tr.id }, data: { timeline: moved as unknown as Prisma.InputJsonValue } });
  }
}

/** A new speaker after the others, named with the next default number ("Speaker 3") in the caller's language. */
async function createSpeaker(db: Db, taskId: string, speakers: { name: string; label: string; position: number }[], defaultName: (n: number) => string) {
  const numbers = speakers.map((s) => defaultSpeakerNumber(s.name) ?? 0);
  const n = Math.max(speakers.length, ...numbers) + 1;
  const labels = new Set(speakers.map((s) => s.label));
  let k = 1;
  while (labels.has(`manual_${k}`)) k++;
  const position = Math.max(-1, ...speakers.map((s) => s.position)) + 1;
  const created = await db.speaker.create({ data: { taskId, label: `manual_${k}`, name: defaultName(n), position }, select: { id: true } });
  return created.id;
}

/** A speaker with no line left was a wrong guess of the separation: it goes (its profile match with it). */
async function removeIfSilent(db: Db, taskId: string, speakerId: string) {
  const left = await db.timelineEntry.count({ where: { taskId, speakerId } });
  if (left === 0) await db.speaker.deleteMany({ where: { id: speakerId, taskId } });
}
