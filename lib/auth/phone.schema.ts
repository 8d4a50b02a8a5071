import { z } from "zod";
import { safeText } from "@/lib/server/text";
import { humanTokenField } from "@/lib/verify/verify.schema";
import { deviceIdSchema } from "./auth.schema";

// Phone login shapes (validation rules "valid phone number", API contract POST /api/auth/phone), shared by the
// routes, the login page and the collaborator form. No server imports here.

/** Seconds before another code may be sent to the same number (server-enforced, and the UI's countdown). */
export const PHONE_RESEND_SECONDS = 60;
/** The SMS proxy's name prefix (business limits): the country code of mainland China. */
export const SMS_NAME_PREFIX = "86";

// Mainland mobile numbers: 11 digits starting 13-19, with an optional +86 / 0086 / 86 prefix.
const CN_MOBILE = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/;

/**
 * The 11-digit mainland mobile number in its stored form, or null when `raw` is not one.
 * Spaces, dashes, dots and brackets people type are ignored.
 */
export function parseMainlandPhone(raw: string): string | null {
  const m = CN_MOBILE.exec(raw.trim().replace(/[\s\-().]/g, ""));
  return m ? m[1]! : null;
}

/** 138****5678: how a phone-only account is named until the user picks a name. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

const phoneField = safeText({ min: 1, max: 32, trim: true });

export const sendPhoneCodeBody = z.object({
  phone: phoneField,
  // The China edition's terms agreement: accepted on the login page, checked again here before a code is sent.
  terms_accepted: z.boolean().default(false),
  // The human-verification token (API contract turnstile_token: Turnstile or ALTCHA); lib/verify answers its absence.
  turnstile_token: humanTokenField,
});

export const phoneCodeLoginBody = z.object({
  phone: phoneField,
  code: safeText({ min: 1, max: 12, trim: true }),
});

/** POST /api/auth/phone (API contract): the one-time accesstoken from the code check, the device, a referral code. */
export const phoneSignInBody = z.object({
  accesstoken: safeText({ min: 20, max: 200 }),
  device_id: deviceIdSchema,
  referral_code: safeText({ max: 64 }).optional(),
});
