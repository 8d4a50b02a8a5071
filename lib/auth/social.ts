import "server-only";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { redis } from "@/lib/server/redis";
import type { Edition } from "@/lib/edition/edition";
import { exchangeGoogleCode } from "./google";
import { openSession } from "./session";
import { sha256 } from "./tokens";
import { findOrCreateUserByEmail, toUserInfo } from "./users";

// Social sign-in (states and transitions "a social sign-in code already processed is skipped; on failure
// its flag is removed so it can be retried"): the auth:{code} flag, kept in Redis (SET NX with
// a TTL) so that two tabs, two clicks or two web processes never exchange one code twice.

/** Longer than a code can live at Google (10 minutes): a flag never lapses before its code. */
export const CODE_FLAG_TTL_SEC = 15 * 60;

/** The flag's key: auth:{code}, the code hashed so that Redis never holds a usable code. */
export function codeFlagKey(code: string): string {
  return `${env().REDIS_PREFIX}:auth:${sha256(code)}`;
}

export interface SocialSignInInput {
  code: string;
  state?: string;
  deviceId: string;
  referralCode?: string;
  variant: "web" | "plain";
  flowCookie?: string;
}

export async function googleSignIn(input: SocialSignInInput, ctx: { locale: string; edition: Edition }) {
  const key = codeFlagKey(input.code);
  const claimed = await redis().set(key, "pending", "EX", CODE_FLAG_TTL_SEC, "NX");
  if (claimed !== "OK") throw new AppError("auth.codeUsed");
  try {
    const profile = await exchangeGoogleCode(
      { code: input.code, state: input.state, variant: input.variant, flowCookie: input.flowCookie },
      ctx.edition,
    );
    // A new account credits its referral code's owner (lib/rewards through findOrCreateUserByEmail).
    const user = await findOrCreateUserByEmail(profile.email, { ...ctx, referralCode: input.referralCode, deviceId: input.deviceId });
    const session = await openSession(user.id, input.deviceId);
    await redis().set(key, "done", "EX", CODE_FLAG_TTL_SEC);
    return { access_token: session.access_token, device_id: session.device_id, user_info: toUserInfo(user) };
  } catch (e) {
    // Failed: free the code so the same sign-in can be retried (a network error, a deploy).
    await redis()
      .del(key)
      .catch(() => undefined);
    throw e;
  }
}
