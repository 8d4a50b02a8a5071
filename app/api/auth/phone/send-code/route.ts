import { apiRoute } from "@/lib/api/handler";
import { sendPhoneCodeBody } from "@/lib/auth/phone.schema";
import { requestPhoneCode } from "@/lib/auth/phone-login";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import { verifyHumanToken } from "@/lib/verify/human";

// Texts a login code through the SMS proxy (send_code, name = 86 + phone, type=1): a valid mainland
// number, the terms accepted, human verification, then one code per number per 60 s (docs/auth.md).
export const POST = apiRoute({
  auth: "optional",
  body: sendPhoneCodeBody,
  bodyLimitBytes: 16 * 1024,
  handler: async ({ req, body, edition }) => {
    const ip = clientAddress(req.headers);
    await consumeLimit("loginSendPerIp", ip);
    return requestPhoneCode(
      { phone: body.phone, termsAccepted: body.terms_accepted },
      { edition, verifyHuman: () => verifyHumanToken(body.turnstile_token, ip) },
    );
  },
});
