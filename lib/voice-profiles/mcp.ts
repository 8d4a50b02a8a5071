import "server-only";
import { listVoiceProfiles } from "./profiles.service";

/** The MCP tool list_voice_profiles: names and recording counts only; embeddings never leave lib/voice-profiles. */
export async function voiceProfileNamesForMcp(userId: string) {
  const { items } = await listVoiceProfiles(userId);
  return { profiles: items.map((p) => ({ name: p.name, recordings: p.recordings.length })) };
}
