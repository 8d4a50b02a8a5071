import { apiRoute } from "@/lib/api/handler";
import { mergeVoiceProfileBody, voiceProfileIdParams } from "@/lib/voice-profiles/voice-profile.schema";
import { mergeVoiceProfiles } from "@/lib/voice-profiles/profiles.service";

export const POST = apiRoute({
  auth: "user",
  params: voiceProfileIdParams,
  body: mergeVoiceProfileBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body }) => mergeVoiceProfiles(caller.user.id, params.id, body.intoId),
});
