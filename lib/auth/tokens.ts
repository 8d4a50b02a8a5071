import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { encode, decode } from "next-auth/jwt";
import { env } from "@/lib/server/env";

// Access tokens are next-auth JWTs (encrypted, signed with AUTH_SECRET) that
// name a device session. The session row makes logout and revocation real.
const ACCESS_TOKEN_TTL_SEC = 60 * 60 * 24 * 30;

export interface AccessClaims {
  sub: string;
  sid: string;
  did: string;
}

export async function issueAccessToken(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
  const token = await encode({ token: { ...claims }, secret: env().AUTH_SECRET, maxAge: ACCESS_TOKEN_TTL_SEC });
  return { token, expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SEC * 1000) };
}

export async function readAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const claims = await decode({ token, secret: env().AUTH_SECRET });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sid !== "string") return null;
    return { sub: claims.sub, sid: claims.sid, did: String(claims.did ?? "") };
  } catch {
    return null;
  }
}

export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** URL-safe random secret for login links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
