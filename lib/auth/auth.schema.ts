import { z } from "zod";
import { safeText } from "@/lib/server/text";
import { humanTokenField } from "@/lib/verify/verify.schema";

// Shapes shared by the sign-in routes and the login page (no server imports here).
export const deviceIdSchema = z.string().regex(/^web_[A-Za-z0-9]{8}$/, "device id must be web_ plus 8 characters");

export const sendLinkBody = z.object({
  email: safeText({ max: 254, trim: true }).toLowerCase().email(),
  // Not refused here: lib/server/return-url.ts drops any hostile value (control characters included).
  return_url: z.string().max(2000).optional(),
  referral_code: safeText({ max: 64 }).optional(),
  // "transcribe" or "tools": where the callback page lives (screens and routes).
  origin: z.enum(["transcribe", "tools"]).default("transcribe"),
  // The human-verification token (lib/verify): required, checked by the route.
  turnstile_token: humanTokenField,
  // The China edition signs in only behind the terms agreement (as its phone login does).
  terms_accepted: z.boolean().default(false),
});

/** The ways in this host offers (lib/auth/login-methods.ts), handed to the login page by its server render. */
export interface LoginMethods {
  email: boolean;
  phone: boolean;
  google: boolean;
  dev: boolean;
}

export const verifyLinkBody = z.object({
  access_token: safeText({ min: 10, max: 200 }),
  device_id: deviceIdSchema,
  referral_code: safeText({ max: 64 }).optional(),
});

export const devLoginBody = z.object({ device_id: deviceIdSchema.optional() });

export const logoutBody = z.object({ device_id: safeText({ max: 64 }).optional() });

export const languageBody = z.object({ language: safeText({ min: 2, max: 8 }) });

export const preferencesBody = z.object({
  ui_language: safeText({ min: 2, max: 8 }).optional(),
  summary_language: safeText({ min: 2, max: 8 }).nullable().optional(),
  username: safeText({ min: 1, max: 60, trim: true }).optional(),
});
