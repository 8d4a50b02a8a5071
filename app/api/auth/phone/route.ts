import { apiRoute } from "@/lib/api/handler";
import { phoneSignInBody } from "@/lib/auth/phone.schema";
import { redeemPhoneSignIn } from "@/lib/auth/phone-login";
import { toUserInfo } from "@/lib/auth/users";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";

// POST /api/auth/phone {accesstoken, device_id, referral_code} → {access_token, device_id, user_info}.
export const POST = apiRoute({
  auth: "optional",
  body: phoneSignInBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ req, body, locale, edition }) => {
    await consumeLimit("loginVerifyPerIp", clientAddress(req.headers));
    const s = await redeemPhoneSignIn({ accesstoken: body.accesstoken, deviceId: body.device_id, referralCode: body.referral_code }, { locale, edition });
    return { access_token: s.access_token, device_id: s.device_id, user_info: toUserInfo(s.user) };
  },
});
