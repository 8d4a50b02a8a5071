import { z } from "zod";
import { safeText } from "@/lib/server/text";
import { humanTokenField } from "@/lib/verify/verify.schema";
import { deviceIdSchema } from "./auth.schema";

// Shapes of Google sign-in, shared by the routes and the login and callback pages (no server imports here).

/** The social sign-in body (API contract): {code, device_id, referral_code, turnstile_token}; the web variant adds the state it was given back. */
export const socialSignInBody = z.object({
  code: safeText({ min: 4, max: 2048 }),
  device_id: deviceIdSchema,
  referral_code: safeText({ max: 64 }).optional(),
  turnstile_token: humanTokenField,
  state: safeText({ max: 512 }).optional(),
});

/** Where the sign-in started: its callback page is /transcribe/callback or /tools/callback (screens and routes). */
export const googleStartQuery = z.object({ origin: z.enum(["transcribe", "tools"]).default("transcribe") });

/** GET /api/auth/google: whether the button is offered, and whether the development login stands in (API contract). */
export interface GoogleStatus {
  enabled: boolean;
  dev_login: boolean;
}
