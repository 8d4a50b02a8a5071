import "server-only";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import type { AltchaChallenge, HumanChallenge } from "./verify.schema";
import { checkAltchaToken, createAltchaChallenge } from "./altcha";
import { checkTurnstileToken, turnstileConfigured } from "./turnstile";

// THE human check of every sign-in start (docs/auth.md "Human verification and regions"):
// Cloudflare Turnstile when its two keys are set, otherwise the offline ALTCHA proof-of-work.

/** What the widget should show: Turnstile's site key, or a fresh signed ALTCHA challenge. */
export async function humanChallenge(): Promise<HumanChallenge> {
  if (turnstileConfigured()) return { provider: "turnstile", site_key: env().TURNSTILE_SITE_KEY! };
  const challenge = await createAltchaChallenge();
  return { provider: "altcha", challenge: challenge as unknown as AltchaChallenge };
}

/**
 * Throws verify.required / verify.failed / verify.expired / verify.replayed (or
 * verify.unavailable when Turnstile cannot be asked) unless `token` proves a human.
 * A token counts once. `ip` is lib/rate-limit/rate-limit.ts clientAddress ("unknown" is fine).
 */
export async function verifyHumanToken(token: string | null | undefined, ip: string): Promise<void> {
  const value = (token ?? "").trim();
  if (!value) throw new AppError("verify.required");
  const verdict = turnstileConfigured() ? await checkTurnstileToken(value, ip) : await checkAltchaToken(value);
  if (verdict !== "ok") throw new AppError(`verify.${verdict}`);
}
