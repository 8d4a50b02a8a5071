import { apiRoute } from "@/lib/api/handler";
import { meetingConfig } from "@/lib/imports/meeting.service";

// Whether a meeting-bot provider is configured, so the join option can say when it is not.
export const GET = apiRoute({ auth: "user", handler: async () => meetingConfig() });
