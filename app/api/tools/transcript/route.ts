import { apiRoute } from "@/lib/api/handler";
import { clientAddress } from "@/lib/rate-limit/rate-limit";
import { startTranscriptBody } from "@/lib/tools/transcript/transcript.schema";
import { listTranscripts, startTranscript } from "@/lib/tools/transcript/transcript.service";
import { refuseOnChinaEdition } from "@/lib/tools/transcript/edition";
import { visitorAnswer } from "@/lib/tools/transcript/answer";
import { visitorOf } from "@/lib/tools/visitor";

// The transcript tool: signed out (a visitor cookie) or signed in (the account).
export const POST = apiRoute({
  auth: "optional",
  body: startTranscriptBody,
  bodyLimitBytes: 16 * 1024,
  handler: async ({ req, caller, body, locale, edition }) => {
    refuseOnChinaEdition(edition);
    const visitor = visitorOf(req);
    const user = caller ? { id: caller.user.id, planCode: caller.user.planCode } : null;
    const data = await startTranscript({ url: body.url, owner: { userId: user?.id ?? null, visitorKey: visitor.key }, user, address: clientAddress(req.headers), locale });
    return visitorAnswer(data, visitor);
  },
});

export const GET = apiRoute({
  auth: "optional",
  handler: async ({ req, caller }) => {
    const visitor = visitorOf(req);
    return visitorAnswer(await listTranscripts({ userId: caller?.user.id ?? null, visitorKey: visitor.key }), visitor);
  },
});
