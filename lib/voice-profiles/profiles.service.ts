import "server-only";
import { AppError } from "@/lib/server/errors";
import { hasProFeatures } from "@/lib/billing/plans";
import { defaultSpeakerNumber } from "@/lib/tasks/speaker-names";
import { translatorFor } from "@/lib/i18n/server";
import { Prisma, prisma } from "@/lib/server/prisma";
import { findOwnedTask } from "@/lib/tasks/owned";
import { EMBEDDING_VERSION } from "./embedding";
import { taskSpeakerVoices, type SpeakerVoice } from "./task-voices";

/**
 * A user's voice profiles (Pro): remembered from a named speaker, strengthened
 * by every confirmed match, listed with the recordings they appear in, renamed,
 * merged and deleted. Embeddings are biometric data: they stay in this module
 * (never in an API answer, share, export or MCP tool) and go with the profile.
 */

/** Enrolments kept per profile: the oldest goes when a new one comes. */
const MAX_EMBEDDINGS = 20;

/** The one plan check for voice profiles. */
export async function assertVoiceProfilesAllowed(userId: string) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { planCode: true } });
  if (!hasProFeatures(user.planCode)) throw new AppError("voiceProfiles.proRequired");
}

async function ownedProfile(userId: string, id: string, db: Prisma.TransactionClient = prisma) {
  const p = await db.voiceProfile.findFirst({ where: { id, userId }, select: { id: true, name: true } });
  if (!p) throw new AppError("voiceProfiles.notFound");
  return p;
}

/** Profiles with the (not deleted) recordings each appears in, newest first. No embeddings. */
export async function listVoiceProfiles(userId: string) {
  await assertVoiceProfilesAllowed(userId);
  const live = { deletedAt: null, userId };
  const rows = await prisma.voiceProfile.findMany({
    where: { userId },
    orderBy: { updatedAt: "desc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      updatedAt: true,
      _count: { select: { embeddings: true } },
      embeddings: { where: { task: live }, select: { task: { select: { id: true, title: true, createTime: true } } } },
      speakers: { where: { profileState: { in: ["suggested", "confirmed"] }, task: live }, select: { task: { select: { id: true, title: true, createTime: true } } } },
    },
  });
  return {
    items: rows.map((p) => {
      const recordings = new Map<string, { id: string; title: string; createTime: string }>();
      for (const r of [...p.embeddings, ...p.speakers]) if (r.task) recordings.set(r.task.id, { id: r.task.id, title: r.task.title, createTime: r.task.createTime.toISOString() });
      return {
        id: p.id,
        name: p.name,
        createdAt: p.createdAt.toISOString(),
        updatedAt: p.updatedAt.toISOString(),
        samples: p._count.embeddings,
        recordings: [...recordings.values()].sort((a, b) => b.createTime.localeCompare(a.createTime)),
      };
    }),
  };
}
export type VoiceProfileList = Awaited<ReturnType<typeof listVoiceProfiles>>;

function nameTaken(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002";
}

/** Renames a profile, and the speakers it named under its old name. */
export async function renameVoiceProfile(userId: string, id: string, name: string) {
  await assertVoiceProfilesAllowed(userId);
  const old = await ownedProfile(userId, id);
  try {
    await prisma.$transaction(async (db) => {
      await db.voiceProfile.update({ where: { id }, data: { name } });
      await db.speaker.updateMany({ where: { profileId: id, name: old.name, profileState: { in: ["suggested", "confirmed"] } }, data: { name } });
    });
  } catch (e) {
    if (nameTaken(e)) throw new AppError("voiceProfiles.nameTaken", { name });
    throw e;
  }
  return listVoiceProfiles(userId);
}

/** Moves one profile's voice samples and speakers into another, then deletes it. */
export async function mergeVoiceProfiles(userId: string, fromId: string, intoId: string) {
  await assertVoiceProfilesAllowed(userId);
  if (fromId === intoId) throw new AppError("voiceProfiles.mergeSame");
  const from = await ownedProfile(userId, fromId);
  const into = await ownedProfile(userId, intoId);
  await prisma.$transaction(async (db) => {
    await db.voiceEmbedding.updateMany({ where: { profileId: fromId }, data: { profileId: intoId } });
    await db.speaker.updateMany({ where: { profileId: fromId, name: from.name }, data: { name: into.name } });
    await db.speaker.updateMany({ where: { profileId: fromId }, data: { profileId: intoId } });
    await db.voiceProfile.delete({ where: { id: fromId } });
    await db.voiceProfile.update({ where: { id: intoId }, data: { updatedAt: new Date() } });
    await trimEmbeddings(db, intoId);
  });
  return listVoiceProfiles(userId);
}

/**
 * Deletes a profile and every embedding of it (rows cascade; no file is ever
 * stored for a profile: reference clips are cut from the recording when
 * needed). Speakers it named keep their names but lose the link.
 */
export async function deleteVoiceProfile(userId: string, id: string) {
  await ownedProfile(userId, id);
  await prisma.$transaction(async (db) => {
    await db.speaker.updateMany({ where: { profileId: id }, data: { profileId: null, profileState: null, profileConfidence: null } });
    await db.voiceProfile.delete({ where: { id } });
  });
  return { deleted: id };
}

async function trimEmbeddings(db: Prisma.TransactionClient, profileId: string) {
  const old = await db.voiceEmbedding.findMany({ where: { profileId }, orderBy: { createdAt: "desc" }, skip: MAX_EMBEDDINGS, select: { id: true } });
  if (old.length) await db.voiceEmbedding.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
}

/** Adds (or replaces) the enrolment of `voice` from `taskId` to a profile. */
async function addVoice(db: Prisma.TransactionClient, profileId: string, taskId: string, voice: SpeakerVoice) {
  await db.voiceEmbedding.deleteMany({ where: { profileId, taskId } });
  await db.voiceEmbedding.create({
    data: { profileId, taskId, version: voice.version, vector: voice.vector, speechSec: voice.speechSec, refStart: voice.ref?.start ?? null, refEnd: voice.ref?.end ?? null },
  });
  await db.voiceProfile.update({ where: { id: profileId }, data: { updatedAt: new Date() } });
  await trimEmbeddings(db, profileId);
}

async function ownedSpeaker(userId: string, taskId: string, speakerId: string) {
  const task = await findOwnedTask(userId, taskId, { speakers: { where: { id: speakerId }, select: { id: true, name: true, position: true, profileId: true, profileState: true } } });
  const speaker = task.speakers[0];
  if (!speaker) throw new AppError("voiceProfiles.speakerNotFound");
  return speaker;
}

async function speakerVoice(taskId: string, speakerId: string): Promise<SpeakerVoice> {
  const voice = (await taskSpeakerVoices(taskId, undefined, speakerId)).get(speakerId);
  if (!voice) throw new AppError("voiceProfiles.tooLittleSpeech");
  return voice;
}

/**
 * "Remember this voice": the speaker's voice in this recording goes into the
 * chosen profile, or the profile with the speaker's name (created if new).
 * The speaker is then confirmed as that profile.
 */
export async function rememberVoice(userId: string, taskId: string, speakerId: string, profileId?: string) {
  await assertVoiceProfilesAllowed(userId);
  const speaker = await ownedSpeaker(userId, taskId, speakerId);
  const target = profileId ? await ownedProfile(userId, profileId) : null;
  const voice = await speakerVoice(taskId, speakerId);
  const name = target?.name ?? speaker.name.trim();
  // A default name ("Speaker 2", in any language) names nobody.
  if (!name || defaultSpeakerNumber(name) !== null) throw new AppError("voiceProfiles.nameRequired");
  const profile = await prisma.$transaction(async (db) => {
    // "This is also Anna": a profile named like the speaker (whatever the case) is strengthened, not doubled.
    const p =
      target ??
      (await db.voiceProfile.findFirst({ where: { userId, name: { equals: name, mode: "insensitive" } }, select: { id: true, name: true } })) ??
      (await db.voiceProfile.create({ data: { userId, name }, select: { id: true, name: true } }));
    await addVoice(db, p.id, taskId, voice);
    // Another speaker of this recording confirmed as the same profile gives it up: one profile per recording.
    await db.speaker.updateMany({ where: { taskId, profileId: p.id, id: { not: speakerId } }, data: { profileId: null, profileState: null, profileConfidence: null } });
    await db.speaker.update({ where: { id: speakerId }, data: { name: p.name, profileId: p.id, profileState: "confirmed", profileConfidence: 1 } });
    return p;
  });
  return { profile: { id: profile.id, name: profile.name } };
}

/** Confirms a suggested name (the profile learns this recording's voice too) or undoes it (the default name comes back). */
export async function answerVoiceMatch(userId: string, taskId: string, speakerId: string, action: "confirm" | "undo", locale: string) {
  await assertVoiceProfilesAllowed(userId);
  const speaker = await ownedSpeaker(userId, taskId, speakerId);
  if (!speaker.profileId || (speaker.profileState !== "suggested" && speaker.profileState !== "confirmed")) throw new AppError("voiceProfiles.noSuggestion");
  const profileId = speaker.profileId;
  if (action === "confirm") {
    const voice = await speakerVoice(taskId, speakerId);
    await prisma.$transaction(async (db) => {
      await addVoice(db, profileId, taskId, voice);
      await db.speaker.update({ where: { id: speakerId }, data: { profileState: "confirmed" } });
    });
  } else {
    const { t } = await translatorFor(locale);
    await prisma.$transaction(async (db) => {
      // A confirmed match that is undone takes its voice sample of this recording out of the profile again.
      await db.voiceEmbedding.deleteMany({ where: { profileId, taskId } });
      await db.speaker.update({ where: { id: speakerId }, data: { profileState: "undone", name: t("tasks.speakerDefault", { n: speaker.position + 1 }) } });
    });
  }
  return { speakerId, action };
}

/** The profiles a matching pass compares against: each profile's samples of the current embedding version, pooled. */
export async function profileVoicesOf(userId: string) {
  const rows = await prisma.voiceProfile.findMany({
    where: { userId },
    select: { id: true, name: true, embeddings: { where: { version: EMBEDDING_VERSION }, select: { vector: true, taskId: true, refStart: true, refEnd: true, speechSec: true } } },
  });
  return rows.filter((r) => r.embeddings.length > 0);
}
