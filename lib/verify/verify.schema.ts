import { z } from "zod";

// Shapes shared by the sign-in routes and the browser (no server imports here).

/** The human-verification token a sign-in body carries (API contract `turnstile_token`): a Turnstile token or an ALTCHA payload. */
export const humanTokenField = z.string().max(8192).optional();

export const complianceCheckBody = z.object({
  email: z.string().trim().toLowerCase().max(254).email(),
});

/** What GET /api/verify/challenge answers: the widget to show. */
export type HumanChallenge =
  | { provider: "turnstile"; site_key: string }
  | { provider: "altcha"; challenge: AltchaChallenge };

/** altcha-lib v2's challenge as sent to the browser (parameters signed by the server). */
export interface AltchaChallenge {
  parameters: Record<string, unknown> & { algorithm: string; nonce: string; salt: string; cost: number; keyPrefix: string };
  signature?: string;
}

/** The answer of POST /api/auth/compliance-check. */
export interface ComplianceAnswer {
  /** false: the address belongs to an account of the other edition (the region access notice). */
  compliant: boolean;
  registered_edition?: "international" | "china";
  /** Where the other edition lives, when configured. */
  suggested_url?: string | null;
}
