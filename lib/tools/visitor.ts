import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { NextRequest } from "next/server";

// An anonymous visitor of the tools site is told apart by an unguessable id (144 random bits)
// in an httpOnly cookie: scripts cannot read it, and only its sha256 is stored.
export const VISITOR_COOKIE = "tingji_visitor";
const VISITOR_BYTES = 18;
const ONE_YEAR_SEC = 365 * 24 * 3600;

export interface Visitor {
  /** sha256 of the cookie value: what rows store. */
  key: string;
  /** A Set-Cookie header when the visitor is new (to add to the answer). */
  setCookie: string | null;
}

export function visitorKeyOf(id: string): string {
  return createHash("sha256").update(`visitor:${id}`).digest("hex");
}

/** The visitor id the request carries, if it has the shape we issue. */
export function visitorIdOf(req: NextRequest): string | null {
  const id = req.cookies.get(VISITOR_COOKIE)?.value ?? "";
  return /^[A-Za-z0-9_-]{24,64}$/.test(id) ? id : null;
}

/** The request's visitor, or a new one (with the cookie to set). */
export function visitorOf(req: NextRequest): Visitor {
  const known = visitorIdOf(req);
  if (known) return { key: visitorKeyOf(known), setCookie: null };
  const id = randomBytes(VISITOR_BYTES).toString("base64url");
  const https = req.headers.get("x-forwarded-proto") === "https" || req.nextUrl.protocol === "https:";
  const cookie = `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_SEC}; HttpOnly; SameSite=Lax${https ? "; Secure" : ""}`;
  return { key: visitorKeyOf(id), setCookie: cookie };
}
