import "server-only";
import { confidenceOf, MATCH_DISTANCE, voiceDistance, type VoiceVector } from "./embedding";

export type VoiceMatch = { speakerId: string; profileId: string; distance: number; confidence: number };

/**
 * Which profile names which speaker of one recording: every pair closer than
 * the threshold, best first, each speaker and each profile used at most once
 * (greedy assignment by distance), so two speakers of a recording never get
 * the same profile and a voice close to two profiles takes the closer one.
 * `refused` holds "speakerId|profileId" pairs the owner undid.
 */
export function assignProfiles(
  speakers: { id: string; vector: VoiceVector }[],
  profiles: { id: string; vector: VoiceVector }[],
  refused: Set<string> = new Set(),
  threshold = MATCH_DISTANCE,
  distanceOf: (a: VoiceVector, b: VoiceVector) => number = voiceDistance,
): VoiceMatch[] {
  const pairs: VoiceMatch[] = [];
  for (const s of speakers) {
    for (const p of profiles) {
      if (refused.has(`${s.id}|${p.id}`)) continue;
      const distance = distanceOf(s.vector, p.vector);
      if (distance < threshold) pairs.push({ speakerId: s.id, profileId: p.id, distance, confidence: confidenceOf(distance, threshold) });
    }
  }
  pairs.sort((a, b) => a.distance - b.distance);
  const usedSpeakers = new Set<string>();
  const usedProfiles = new Set<string>();
  const out: VoiceMatch[] = [];
  for (const m of pairs) {
    if (usedSpeakers.has(m.speakerId) || usedProfiles.has(m.profileId)) continue;
    usedSpeakers.add(m.speakerId);
    usedProfiles.add(m.profileId);
    out.push(m);
  }
  return out;
}
