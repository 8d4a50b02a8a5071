import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/server/errors";
import { devLoginBody } from "@/lib/auth/auth.schema";
import { devLoginConfig } from "@/lib/auth/session";
import { findOrCreateUserByEmail, toUserInfo } from "@/lib/auth/users";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";

// Development login (API contract): offered only when AUTH_DEV_TOKEN, AUTH_DEV_USER and AUTH_DEV_DEVICE_ID are set.
export const GET = apiRoute({ auth: "optional", handler: async () => ({ enabled: devLoginConfig() !== null }) });

export const POST = apiRoute({
  auth: "optional",
  body: devLoginBody,
  handler: async ({ req, locale, edition }) => {
    await consumeLimit("devLoginPerIp", clientAddress(req.headers));
    const dev = devLoginConfig();
    if (!dev) throw new AppError("auth.devLoginDisabled");
    const user = await findOrCreateUserByEmail(dev.email, { locale, edition });
    return { access_token: dev.token, device_id: dev.deviceId, user_info: toUserInfo(user) };
  },
});
