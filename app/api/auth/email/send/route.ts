import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { sendLinkBody } from "@/lib/auth/auth.schema";
import { sendLoginLink } from "@/lib/auth/email-link";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { verifyHumanToken } from "@/lib/verify/human";

// The login-link email send (path not shown in the spec; see docs/api.md).
export const POST = apiRoute({
  auth: "optional",
  body: sendLinkBody,
  handler: async ({ req, body, t, edition }) => {
    // The China edition's terms agreement comes before any sign-in starts (as for its phone login).
    if (edition === "china" && !body.terms_accepted) throw new AppError("phone.termsRequired");
    // Per client address here; per email address (atomic, 5 per 15 minutes) inside sendLoginLink.
    const ip = clientAddress(req.headers);
    await consumeLimit("loginSendPerIp", ip);
    // No login starts without a human check (docs/auth.md "Human verification and regions").
    await verifyHumanToken(body.turnstile_token, ip);
    const { expiresAt } = await sendLoginLink(
      { email: body.email, returnUrl: body.return_url, referralCode: body.referral_code, origin: body.origin, edition },
      t,
    );
    return { sent: true, expires_at: expiresAt.toISOString() };
  },
});
