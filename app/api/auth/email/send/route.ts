import { apiRoute } from "@/lib/api/handler";
import { sendLinkBody } from "@/lib/auth/auth.schema";
import { sendLoginLink } from "@/lib/auth/email-link";

// The login-link email send (path not shown in the spec; see docs/api.md).
export const POST = apiRoute({
  auth: "optional",
  body: sendLinkBody,
  handler: async ({ body, t }) => {
    const { expiresAt } = await sendLoginLink(
      { email: body.email, returnUrl: body.return_url, referralCode: body.referral_code, origin: body.origin },
      t,
    );
    return { sent: true, expires_at: expiresAt.toISOString() };
  },
});
