import { apiRoute } from "@/lib/api/handler";
import { clientAddress } from "@/lib/rate-limit/rate-limit";
import { quotaOf } from "@/lib/tools/transcript/quota";
import { visitorAnswer } from "@/lib/tools/transcript/answer";
import { visitorOf } from "@/lib/tools/visitor";

// Uses left for the caller (signed out: the one free transcript; free: 2 + referrals; Pro: unlimited).
export const GET = apiRoute({
  auth: "optional",
  handler: async ({ req, caller }) => {
    const visitor = visitorOf(req);
    const user = caller ? { id: caller.user.id, planCode: caller.user.planCode } : null;
    return visitorAnswer(await quotaOf(user, visitor.key, clientAddress(req.headers)), visitor);
  },
});
