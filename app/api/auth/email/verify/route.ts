import { apiRoute } from "@/lib/api/handler";
import { verifyLinkBody } from "@/lib/auth/auth.schema";
import { redeemLoginLink } from "@/lib/auth/email-link";
import { toUserInfo } from "@/lib/auth/users";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";

// The email-provider sign-in path: {access_token, device_id, referral_code} → a session.
export const POST = apiRoute({
  auth: "optional",
  body: verifyLinkBody,
  handler: async ({ req, body, locale, edition }) => {
    await consumeLimit("loginVerifyPerIp", clientAddress(req.headers));
    const s = await redeemLoginLink({ token: body.access_token, deviceId: body.device_id, referralCode: body.referral_code }, { locale, edition });
    return { access_token: s.access_token, device_id: s.device_id, user_info: toUserInfo(s.user), return_url: s.returnUrl };
  },
});
