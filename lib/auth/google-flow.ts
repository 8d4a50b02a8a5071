import "server-only";
import { AppError } from "@/lib/server/errors";
import { clientAddress, consumeLimit } from "@/lib/rate-limit/rate-limit";
import type { Edition } from "@/lib/edition/edition";
import type { Locale } from "@/lib/i18n/locales";
import { env } from "@/lib/server/env";
import { verifyHumanToken } from "@/lib/verify/human";
import { GOOGLE_FLOW_COOKIE, GOOGLE_FLOW_TTL_SEC, googleEnabled, startGoogleSignIn } from "./google";
import { devLoginConfig } from "./session";
import { googleSignIn } from "./social";
import type { GoogleStatus, socialSignInBody } from "./social.schema";
import type { z } from "zod";

// The work behind the Google sign-in routes (app/api/auth/google/**/route.ts; docs/auth.md
// "Google sign-in"). The route files stay thin: parse, call one of these, answer.

/** The flow cookie: only our Google routes read it, only over https when the site is. */
export function googleFlowCookie(value: string, maxAge: number): string {
  const secure = env().APP_URL.startsWith("https:") ? "; Secure" : "";
  return `${GOOGLE_FLOW_COOKIE}=${value}; Path=/api/auth/google; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Is the button offered; if not, is the development login there instead. */
export function googleStatus(edition: Edition): GoogleStatus {
  return { enabled: googleEnabled(edition), dev_login: devLoginConfig() !== null };
}

/** Where to send the browser (the provider's authorisation page) and the flow cookie to set. */
export async function googleAuthorizeRedirect(headers: Headers, origin: Parameters<typeof startGoogleSignIn>[0], edition: Edition): Promise<Response> {
  await consumeLimit("loginSendPerIp", clientAddress(headers));
  const { url, cookie } = await startGoogleSignIn(origin, edition);
  return new Response(null, { status: 302, headers: { location: url, "set-cookie": googleFlowCookie(cookie, GOOGLE_FLOW_TTL_SEC), "cache-control": "no-store" } });
}

/** {code, device_id, referral_code, turnstile_token} → {access_token, device_id, user_info}. No sign-in starts without a human check. */
export async function googleSignInFromRoute(
  req: { headers: Headers; cookies: { get(name: string): { value: string } | undefined } },
  body: z.infer<typeof socialSignInBody>,
  ctx: { locale: Locale; edition: Edition; variant: "web" | "plain" },
) {
  const ip = clientAddress(req.headers);
  await consumeLimit("loginVerifyPerIp", ip);
  if (!googleEnabled(ctx.edition)) throw new AppError("auth.googleDisabled");
  await verifyHumanToken(body.turnstile_token, ip);
  return googleSignIn(
    {
      code: body.code,
      state: body.state,
      deviceId: body.device_id,
      referralCode: body.referral_code,
      variant: ctx.variant,
      flowCookie: req.cookies.get(GOOGLE_FLOW_COOKIE)?.value,
    },
    { locale: ctx.locale, edition: ctx.edition },
  );
}
