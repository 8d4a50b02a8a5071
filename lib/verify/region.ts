import "server-only";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { env } from "@/lib/server/env";
import { AppError } from "@/lib/api/errors";
import { fail } from "@/lib/api/respond";

// Restricted regions (spec §8 transport: body code 302, message redirect_required, reason
// country_restricted, and a url; the browser's API client redirects). The country comes from a
// header the reverse proxy sets (COUNTRY_HEADER, Cloudflare's CF-IPCountry by default) and is
// believed only behind a trusted proxy (TRUST_PROXY >= 1): without one the header is the
// client's own word. docs/auth.md "Human verification and regions".

/** Machine callers that are not people in a region: monitoring and payment providers' notifications. */
const EXEMPT_PATHS = ["/api/health", "/api/payments/stripe/webhook", "/api/payments/alipay/notify"];

/** HTTP status of the answer: 451 (unavailable for legal reasons); the envelope's code is 302. */
export const REGION_REDIRECT_STATUS = 451;

function restrictedList(): Set<string> {
  return new Set(
    env()
      .RESTRICTED_COUNTRIES.split(",")
      .map((c) => c.trim().toUpperCase())
      .filter((c) => /^[A-Z]{2}$/.test(c)),
  );
}

/** The caller's country when it is a restricted one, else null. */
export function restrictedCountry(headers: Headers): string | null {
  if (env().TRUST_PROXY < 1) return null;
  const list = restrictedList();
  if (list.size === 0) return null;
  const country = (headers.get(env().COUNTRY_HEADER) ?? "").trim().toUpperCase();
  return list.has(country) ? country : null;
}

/** The other edition's public address, when configured (http(s) only). */
export function otherEditionUrl(edition: Edition): string | null {
  const url = edition === "china" ? env().INTERNATIONAL_SITE_URL : env().CHINA_SITE_URL;
  return url && /^https?:\/\//i.test(url) ? url : null;
}

function redirectTarget(headers: Headers): string | null {
  const configured = env().REGION_REDIRECT_URL;
  if (configured && /^https?:\/\//i.test(configured)) return configured;
  const edition = editionOfRequest(headers);
  return otherEditionUrl(edition);
}

/**
 * The answer for an API call from a restricted region, or null to go on. Without a place to
 * send people (REGION_REDIRECT_URL or the other edition's address) the call is refused
 * plainly (403 common.requestDenied, in the caller's language): redirecting to ourselves would loop.
 */
export async function regionRedirect(req: { headers: Headers; nextUrl: { pathname: string } }): Promise<Response | null> {
  if (EXEMPT_PATHS.some((p) => req.nextUrl.pathname === p || req.nextUrl.pathname.startsWith(`${p}/`))) return null;
  const country = restrictedCountry(req.headers);
  if (!country) return null;
  const url = redirectTarget(req.headers);
  if (!url) return fail(new AppError("common.requestDenied", {}, { reason: "country_restricted", country }), req.headers.get("x-locale") ?? undefined);
  const body = { code: 302, message: "redirect_required", data: { reason: "country_restricted", url, country } };
  return new Response(JSON.stringify(body), {
    status: REGION_REDIRECT_STATUS,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", vary: env().COUNTRY_HEADER },
  });
}
