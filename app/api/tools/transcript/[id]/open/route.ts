import { apiRoute } from "@/lib/api/handler";
import { openTranscriptInApp } from "@/lib/tools/transcript/open-in-app";
import { transcriptParams } from "@/lib/tools/transcript/transcript.schema";
import { visitorOf } from "@/lib/tools/visitor";

// "Open in the app": the transcript becomes a task with summary and mind map (login required).
export const POST = apiRoute({
  auth: "user",
  params: transcriptParams,
  handler: async ({ req, caller, params, locale }) => openTranscriptInApp(caller.user, visitorOf(req).key, params.id, locale),
});
