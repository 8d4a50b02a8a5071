import "server-only";
import { hasProFeatures } from "@/lib/billing/plans";
import { defaultSpeakerNumber } from "@/lib/tasks/speaker-names";
import { logger } from "@/lib/server/logger";
import { prisma } from "@/lib/server/prisma";
import { confidenceOf, poolVectors, voiceDistance } from "./embedding";
import { assignProfiles } from "./matching";
import { profileVoicesOf } from "./profiles.service";
import { taskSpeakerVoices } from "./task-voices";

/**
 * The worker's speaker step, after the speakers are saved (a new transcript or
 * a re-detection): speakers whose voice matches one of the owner's profiles are
 * named after it, marked as suggested with their confidence. A name the owner
 * typed is kept, and a pair the owner undid is not suggested again. A speaker
 * the speech API itself named after a profile (its known speakers) is marked
 * as that profile's suggestion too, with our own confidence in it. Runs only
 * for Pro owners with profiles; a failure here never fails the transcript.
 */
export async function applyVoiceProfiles(taskId: string, wavPath?: string): Promise<{ suggested: number }> {
  try {
    const task = await prisma.task.findUnique({
      where: { id: taskId },
      select: {
        userId: true,
        user: { select: { planCode: true } },
        speakers: { select: { id: true, name: true, profileId: true, profileState: true } },
      },
    });
    if (!task || !hasProFeatures(task.user.planCode)) return { suggested: 0 };
    const profiles = await profileVoicesOf(task.userId);
    if (profiles.length === 0) return { suggested: 0 };
    const byName = new Map(profiles.map((p) => [p.name, p]));
    const providerNamed = task.speakers.filter((s) => s.profileState === null && byName.has(s.name));
    const open = task.speakers.filter((s) => defaultSpeakerNumber(s.name) !== null && s.profileState !== "confirmed");
    // Profiles already confirmed in this recording are taken.
    const taken = new Set(task.speakers.filter((s) => s.profileState === "confirmed" && s.profileId).map((s) => s.profileId!));
    if (open.length === 0 && providerNamed.length === 0) return { suggested: 0 };
    const voices = await taskSpeakerVoices(taskId, wavPath);
    const pooled = new Map(profiles.map((p) => [p.id, poolVectors(p.embeddings.map((e) => e.vector))]));
    const named = providerNamed.map((s) => {
      const p = byName.get(s.name)!;
      taken.add(p.id);
      const v = voices.get(s.id);
      return { speakerId: s.id, profileId: p.id, confidence: v ? confidenceOf(voiceDistance(v.vector, pooled.get(p.id)!)) : 0 };
    });
    const refused = new Set(task.speakers.filter((s) => s.profileState === "undone" && s.profileId).map((s) => `${s.id}|${s.profileId}`));
    const matches = assignProfiles(
      open.flatMap((s) => (voices.has(s.id) ? [{ id: s.id, vector: voices.get(s.id)!.vector }] : [])),
      profiles.filter((p) => !taken.has(p.id)).map((p) => ({ id: p.id, vector: pooled.get(p.id)! })),
      refused,
    );
    const names = new Map(profiles.map((p) => [p.id, p.name]));
    await prisma.$transaction(
      [...named, ...matches].map((m) =>
        prisma.speaker.update({ where: { id: m.speakerId }, data: { name: names.get(m.profileId)!, profileId: m.profileId, profileState: "suggested", profileConfidence: m.confidence } }),
      ),
    );
    return { suggested: named.length + matches.length };
  } catch (e) {
    logger.warn("voice profiles could not be applied", { taskId, error: e instanceof Error ? e.message : String(e) });
    return { suggested: 0 };
  }
}
