import "server-only";
import { AppError } from "@/lib/server/errors";
import { consumeLimit } from "@/lib/rate-limit/rate-limit";
import type { Edition } from "@/lib/edition/edition";
import { redis, redisKey } from "@/lib/server/redis";
import { PHONE_RESEND_SECONDS, parseMainlandPhone } from "./phone.schema";
import { openSession } from "./session";
import { sendSmsCode, smsCodeLogin } from "./sms-proxy";
import { randomToken, sha256 } from "./tokens";
import { findOrCreateUserByPhone } from "./users";

// Phone login on the China edition (screens and routes, validation rules, API contract; docs/auth.md "China edition and phone login"):
//  1. requestPhoneCode: a valid mainland number, terms accepted, human verification, one code per number per 60 s;
//  2. checkPhoneCode: the proxy's code_login + access_token; we hand the browser our own one-time accesstoken;
//  3. redeemPhoneSignIn: POST /api/auth/phone {accesstoken, device_id, referral_code} opens the device session.
// The proxy's own token never leaves the server: the browser's accesstoken is 256 random bits,
// stored by hash, bound to the number, used once, valid 5 minutes.

export const PHONE_TICKET_TTL_SECONDS = 5 * 60;

const resendKey = (phone: string) => redisKey("phone", "resend", sha256(phone));
const ticketKey = (accesstoken: string) => redisKey("phone", "ticket", sha256(accesstoken));

function requireChina(edition: Edition) {
  if (edition !== "china") throw new AppError("phone.chinaOnly");
}

function phoneOrThrow(raw: string): string {
  const phone = parseMainlandPhone(raw);
  if (!phone) throw new AppError("phone.invalidPhone");
  return phone;
}

/** Seconds left before `phone` may get another code (0 when it may now). */
export async function resendWaitSeconds(phone: string): Promise<number> {
  const ms = await redis().pttl(resendKey(phone));
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/**
 * Texts a login code to a mainland number through the SMS proxy. `verifyHuman` is the
 * human-verification check (lib/verify), run after the cheap checks and before anything is sent.
 */
export async function requestPhoneCode(
  input: { phone: string; termsAccepted: boolean },
  ctx: { edition: Edition; verifyHuman: () => Promise<void> },
): Promise<{ phone: string; resend_after: number }> {
  requireChina(ctx.edition);
  const phone = phoneOrThrow(input.phone);
  if (!input.termsAccepted) throw new AppError("phone.termsRequired");
  await ctx.verifyHuman();

  // One code per number per 60 s, claimed atomically so two clicks at once send one text.
  const claimed = await redis().set(resendKey(phone), "1", "EX", PHONE_RESEND_SECONDS, "NX");
  if (claimed !== "OK") throw new AppError("phone.resendWait", { seconds: Math.max(1, await resendWaitSeconds(phone)) });
  try {
    // Texts cost money and reach a person: a daily cap per number as well.
    await consumeLimit("phoneCodesPerNumber", sha256(phone));
    await sendSmsCode(phone);
  } catch (e) {
    // Nothing was sent: the number may try again at once.
    await redis().del(resendKey(phone));
    throw e;
  }
  return { phone, resend_after: PHONE_RESEND_SECONDS };
}

/** Checks the texted code with the proxy; returns the one-time accesstoken for POST /api/auth/phone. */
export async function checkPhoneCode(input: { phone: string; code: string }, ctx: { edition: Edition }): Promise<{ accesstoken: string; expires_in: number }> {
  requireChina(ctx.edition);
  const phone = phoneOrThrow(input.phone);
  if (!/^\d{4,8}$/.test(input.code)) throw new AppError("phone.wrongCode");
  // Codes are short: tries per number are capped so they cannot be walked through.
  await consumeLimit("phoneChecksPerNumber", sha256(phone));
  await smsCodeLogin(phone, input.code);
  const accesstoken = randomToken(32);
  await redis().set(ticketKey(accesstoken), JSON.stringify({ phone }), "EX", PHONE_TICKET_TTL_SECONDS);
  return { accesstoken, expires_in: PHONE_TICKET_TTL_SECONDS };
}

/** Spends the accesstoken once and opens a device session for its number (a new account on first sign-in). */
export async function redeemPhoneSignIn(
  input: { accesstoken: string; deviceId: string; referralCode?: string },
  ctx: { locale: string; edition: Edition },
) {
  requireChina(ctx.edition);
  const stored = await redis().getdel(ticketKey(input.accesstoken));
  const phone = stored ? (JSON.parse(stored) as { phone?: unknown }).phone : null;
  if (typeof phone !== "string" || !parseMainlandPhone(phone)) throw new AppError("phone.signInExpired");
  const user = await findOrCreateUserByPhone(phone, { ...ctx, referralCode: input.referralCode, deviceId: input.deviceId });
  const session = await openSession(user.id, input.deviceId);
  return { ...session, user };
}
