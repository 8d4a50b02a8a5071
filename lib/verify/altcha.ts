import "server-only";
import { createHash, createHmac } from "node:crypto";
import { createChallenge, randomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { env } from "@/lib/server/env";
import { redis, redisKey } from "@/lib/server/redis";

// The offline proof-of-work (altcha-lib 2.8, v2 format). Deterministic mode: the server picks the
// answer's counter below ALTCHA_MAX_NUMBER and signs the derived key, so checking a solution is one
// HMAC; the browser searches from 0 with WebCrypto PBKDF2. Each solved challenge counts once: its
// signature is claimed in Redis until the challenge expires (altcha's own Next.js middleware never
// calls the handler and keeps no replay store, so we call verifySolution ourselves).

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";

/** Two keys from one secret: ALTCHA_HMAC_KEY when set, else AUTH_SECRET (both refused at start when weak). */
function hmacKeys(): { signature: string; key: string } {
  const base = env().ALTCHA_HMAC_KEY || env().AUTH_SECRET;
  const derive = (label: string) => createHmac("sha256", base).update(`tingji:altcha:${label}`).digest("base64url");
  return { signature: derive("challenge"), key: derive("derived-key") };
}

export async function createAltchaChallenge(opts: { expiresAt?: Date } = {}): Promise<Challenge> {
  const e = env();
  const { signature, key } = hmacKeys();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: e.ALTCHA_COST,
    counter: randomInt(e.ALTCHA_MAX_NUMBER, Math.max(1, Math.floor(e.ALTCHA_MAX_NUMBER / 4))),
    deriveKey,
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: key,
    expiresAt: opts.expiresAt ?? new Date(Date.now() + e.ALTCHA_EXPIRES_SECONDS * 1000),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({ algorithm: z.literal(ALTCHA_ALGORITHM), nonce: z.string(), salt: z.string(), cost: z.number(), keyLength: z.number(), keyPrefix: z.string() }).passthrough(),
    signature: z.string().min(16),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string() }).passthrough(),
});

export type AltchaVerdict = "ok" | "failed" | "expired" | "replayed";

/** Checks a base64 ALTCHA payload ({challenge, solution}) and spends it. */
export async function checkAltchaToken(token: string): Promise<AltchaVerdict> {
  let parsed: z.infer<typeof payloadSchema>;
  try {
    const json: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    const result = payloadSchema.safeParse(json);
    if (!result.success) return "failed";
    parsed = result.data;
  } catch {
    return "failed";
  }
  const { signature, key } = hmacKeys();
  const challenge = parsed.challenge as unknown as Challenge;
  const result = await verifySolution({ challenge, solution: parsed.solution, deriveKey, hmacSignatureSecret: signature, hmacKeySignatureSecret: key });
  if (result.expired) return "expired";
  if (!result.verified) return "failed";
  // Spent once: the claim lasts as long as the challenge could still be accepted.
  const expiresAt = typeof challenge.parameters.expiresAt === "number" ? challenge.parameters.expiresAt : Date.now() / 1000 + env().ALTCHA_EXPIRES_SECONDS;
  const ttl = Math.max(1, Math.ceil(expiresAt - Date.now() / 1000) + 5);
  const id = createHash("sha256").update(parsed.challenge.signature).digest("hex");
  const claimed = await redis().set(redisKey("verify", "altcha", id), "1", "EX", ttl, "NX");
  return claimed === "OK" ? "ok" : "replayed";
}
