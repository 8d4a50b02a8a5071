import { apiRoute } from "@/lib/api/handler";
import { joinMeetingBody } from "@/lib/imports/imports.schema";
import { joinMeeting } from "@/lib/imports/meeting.service";

export const POST = apiRoute({ auth: "user", body: joinMeetingBody, handler: async ({ caller, body, locale }) => joinMeeting(caller.user.id, body.meeting_url, locale, body.spoken_language) });
