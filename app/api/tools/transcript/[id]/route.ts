import { apiRoute } from "@/lib/api/handler";
import { transcriptParams } from "@/lib/tools/transcript/transcript.schema";
import { getTranscript } from "@/lib/tools/transcript/transcript.service";
import { visitorAnswer } from "@/lib/tools/transcript/answer";
import { visitorOf } from "@/lib/tools/visitor";

// One of the caller's transcripts (the account's, or signed out the visitor's), with progress and segments.
export const GET = apiRoute({
  auth: "optional",
  params: transcriptParams,
  handler: async ({ req, caller, params }) => {
    const visitor = visitorOf(req);
    return visitorAnswer(await getTranscript({ userId: caller?.user.id ?? null, visitorKey: visitor.key }, params.id), visitor);
  },
});
