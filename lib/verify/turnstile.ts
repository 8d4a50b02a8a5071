import "server-only";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";

// Cloudflare Turnstile's server check (siteverify). TURNSTILE_VERIFY_URL points elsewhere in tests
// (tests/helpers/loopback-turnstile.ts speaks the same API on loopback).

const SITEVERIFY_TIMEOUT_MS = 8_000;

const answerSchema = z.object({
  success: z.boolean(),
  "error-codes": z.array(z.string()).default([]),
  hostname: z.string().optional(),
  action: z.string().optional(),
});

export type TurnstileVerdict = "ok" | "required" | "failed" | "expired" | "unavailable";

export function turnstileConfigured(): boolean {
  return Boolean(env().TURNSTILE_SITE_KEY && env().TURNSTILE_SECRET_KEY);
}

export async function checkTurnstileToken(token: string, ip: string): Promise<TurnstileVerdict> {
  const form = new URLSearchParams({ secret: env().TURNSTILE_SECRET_KEY ?? "", response: token });
  if (ip && ip !== "unknown") form.set("remoteip", ip);
  let answer: z.infer<typeof answerSchema>;
  try {
    const res = await fetch(env().TURNSTILE_VERIFY_URL, { method: "POST", body: form, signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    answer = answerSchema.parse(await res.json());
  } catch (e) {
    logger.error("turnstile siteverify unreachable", { error: e instanceof Error ? e.message : String(e) });
    return "unavailable";
  }
  if (answer.success) return "ok";
  const codes = answer["error-codes"];
  // "timeout-or-duplicate": older than 300 s or already redeemed; the widget gets a fresh one.
  if (codes.includes("timeout-or-duplicate")) return "expired";
  if (codes.includes("missing-input-response")) return "required";
  if (codes.some((c) => c.includes("secret") || c === "internal-error")) {
    logger.error("turnstile siteverify refused our configuration", { codes });
    return "unavailable";
  }
  return "failed";
}
