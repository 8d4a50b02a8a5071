import { z } from "zod";

// Requests of the voice-profile routes (docs/voice-profiles.md); nothing server-side here, the client shares it.

export const VOICE_PROFILE_NAME_MAX = 60;
const id = z.string().min(1).max(64);

export const voiceProfileIdParams = z.object({ id });
export const renameVoiceProfileBody = z.object({ name: z.string().trim().min(1).max(VOICE_PROFILE_NAME_MAX) });
/** Merges the profile in the path into `intoId`: its recordings and voice join the other, then it is gone. */
export const mergeVoiceProfileBody = z.object({ intoId: id });
/** "Remember this voice": the speaker's voice goes into `profileId` ("this is also Anna"), else into the profile named like the speaker. */
export const rememberVoiceBody = z.object({ speakerId: id, profileId: id.optional() });
/** One click on a suggested name: keep it (and strengthen the profile) or undo it. */
export const voiceMatchBody = z.object({ speakerId: id, action: z.enum(["confirm", "undo"]) });
