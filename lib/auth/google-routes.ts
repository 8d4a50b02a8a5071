import "server-only";
import { apiRoute } from "@/lib/api/handler";
import { AppError } from "@/lib/api/errors";
import { ok } from "@/lib/api/respond";
import { clientAddress, consumeLimit } from "@/lib/api/rate-limit";
import { env } from "@/lib/server/env";
import { verifyHumanToken } from "@/lib/verify/human";
import { GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_TTL_SEC, googleEnabled, startGoogleSignIn } from "./google";
import { devLoginConfig } from "./session";
import { googleSignIn } from "./social";
import { googleStartQuery, socialSignInBody, type GoogleStatus } from "./social.schema";

// The handlers of the Google sign-in routes (docs/auth.md "Google sign-in"); each route file only names one.

/** The flow cookie: only our Google routes read it, only over https when the site is. */
function flowCookie(value: string, maxAge: number): string {
  const secure = env().APP_URL.startsWith("https:") ? "; Secure" : "";
  return `${GOOGLE_FLOW_COOKIE}=${value}; Path=/api/auth/google; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** GET /api/auth/google: is the button offered; if not, is the development login there instead (spec §7). */
export const googleStatusRoute = apiRoute({
  auth: "optional",
  handler: async ({ edition }): Promise<GoogleStatus> => ({ enabled: googleEnabled(edition), dev_login: devLoginConfig() !== null }),
});

/** GET /api/auth/google/authorize?origin=: sends the browser to the provider's authorisation page. */
export const googleAuthorizeRoute = apiRoute({
  auth: "optional",
  query: googleStartQuery,
  handler: async ({ req, query, edition }) => {
    await consumeLimit("loginSendPerIp", clientAddress(req.headers));
    const { url, cookie } = await startGoogleSignIn(query.origin, edition);
    return new Response(null, { status: 302, headers: { location: url, "set-cookie": flowCookie(cookie, GOOGLE_FLOW_TTL_SEC), "cache-control": "no-store" } });
  },
});

/**
 * POST /api/auth/google (plain) and /api/auth/google/web: {code, device_id, referral_code,
 * turnstile_token} → {access_token, device_id, user_info}. No sign-in starts without a human check.
 */
export function googleSignInRoute(variant: "web" | "plain") {
  return apiRoute({
    auth: "optional",
    body: socialSignInBody,
    bodyLimitBytes: 16 * 1024,
    handler: async ({ req, body, locale, edition }) => {
      const ip = clientAddress(req.headers);
      await consumeLimit("loginVerifyPerIp", ip);
      if (!googleEnabled(edition)) throw new AppError("auth.googleDisabled");
      await verifyHumanToken(body.turnstile_token, ip);
      const answer = await googleSignIn(
        {
          code: body.code,
          state: body.state,
          deviceId: body.device_id,
          referralCode: body.referral_code,
          variant,
          flowCookie: req.cookies.get(GOOGLE_FLOW_COOKIE)?.value,
        },
        { locale, edition },
      );
      // The flow is over: its cookie goes.
      return variant === "web" ? ok(answer, "ok", { headers: { "set-cookie": flowCookie("", 0) } }) : answer;
    },
  });
}
