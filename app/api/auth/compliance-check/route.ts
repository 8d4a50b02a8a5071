import { apiRoute } from "@/lib/api/handler";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { complianceFor } from "@/lib/verify/compliance";
import { complianceCheckBody } from "@/lib/verify/verify.schema";

// POST /api/auth/compliance-check {email}. Public (asked before sign-in), per-address limited.
export const POST = apiRoute({
  auth: "optional",
  body: complianceCheckBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ req, body, edition }) => {
    await consumeLimit("complianceCheckPerIp", clientAddress(req.headers));
    return complianceFor(body.email, edition);
  },
});
