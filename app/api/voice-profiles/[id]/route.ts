import { apiRoute } from "@/lib/api/handler";
import { renameVoiceProfileBody, voiceProfileIdParams } from "@/lib/voice-profiles/voice-profile.schema";
import { deleteVoiceProfile, renameVoiceProfile } from "@/lib/voice-profiles/profiles.service";

export const PUT = apiRoute({
  auth: "user",
  params: voiceProfileIdParams,
  body: renameVoiceProfileBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ caller, params, body }) => renameVoiceProfile(caller.user.id, params.id, body.name),
});

export const DELETE = apiRoute({ auth: "user", params: voiceProfileIdParams, handler: async ({ caller, params }) => deleteVoiceProfile(caller.user.id, params.id) });
