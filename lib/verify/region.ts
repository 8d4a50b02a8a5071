import "server-only";
import type { Edition } from "@/lib/edition/edition";
import { editionOfRequest } from "@/lib/edition/request-edition";
import { env } from "@/lib/server/env";

// Restricted regions (error catalogue transport: body code 302, message redirect_required, reason
// country_restricted, and a url; the browser's API client redirects). The country comes from a
// header the reverse proxy sets (COUNTRY_HEADER, Cloudflare's CF-IPCountry by default) and is
// believed only behind a trusted proxy (TRUST_PROXY >= 1): without one the header is the
// client's own word. docs/auth.md "Human verification and regions".

/** Machine callers that are not people in a region: monitoring and payment providers' notifications. */
export const EXEMPT_PATHS = ["/api/health", "/api/payments/stripe/webhook", "/api/payments/alipay/notify"];

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

export function redirectTarget(headers: Headers): string | null {
  const configured = env().REGION_REDIRECT_URL;
  if (configured && /^https?:\/\//i.test(configured)) return configured;
  const edition = editionOfRequest(headers);
  return otherEditionUrl(edition);
}
