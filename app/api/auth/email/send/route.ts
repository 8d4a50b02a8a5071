import { apiRoute } from "@/lib/api/handler";
import { sendLinkBody } from "@/lib/auth/auth.schema";
import { sendLoginLink } from "@/lib/auth/email-link";
import { clientAddress, consumeLimit } from "@/lib/api/rate-limit";

// The login-link email send (path not shown in the spec; see docs/api.md).
export const POST = apiRoute({
  auth: "optional",
  body: sendLinkBody,
  handler: async ({ req, body, t }) => {
    // Per client address here; per email address (atomic, 5 per 15 minutes) inside sendLoginLink.
    await consumeLimit("loginSendPerIp", clientAddress(req.headers));
    const { expiresAt } = await sendLoginLink(
      { email: body.email, returnUrl: body.return_url, referralCode: body.referral_code, origin: body.origin },
      t,
    );
    return { sent: true, expires_at: expiresAt.toISOString() };
  },
});
