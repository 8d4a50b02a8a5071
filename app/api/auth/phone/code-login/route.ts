import { apiRoute } from "@/lib/api/handler";
import { phoneCodeLoginBody } from "@/lib/auth/phone.schema";
import { checkPhoneCode } from "@/lib/auth/phone-login";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";

// Checks the texted code through the SMS proxy (code_login, then access_token) and answers the
// one-time accesstoken the browser then posts to /api/auth/phone (docs/auth.md).
export const POST = apiRoute({
  auth: "optional",
  body: phoneCodeLoginBody,
  bodyLimitBytes: 4 * 1024,
  handler: async ({ req, body, edition }) => {
    await consumeLimit("loginVerifyPerIp", clientAddress(req.headers));
    return checkPhoneCode({ phone: body.phone, code: body.code }, { edition });
  },
});
