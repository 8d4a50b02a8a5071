import { apiRoute } from "@/lib/api/handler";
import { listVoiceProfiles } from "@/lib/voice-profiles/profiles.service";

export const GET = apiRoute({ auth: "user", handler: async ({ caller }) => listVoiceProfiles(caller.user.id) });
