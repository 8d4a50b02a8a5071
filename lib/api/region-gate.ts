import "server-only";
import { AppError } from "@/lib/server/errors";
import { env } from "@/lib/server/env";
import { EXEMPT_PATHS, REGION_REDIRECT_STATUS, redirectTarget, restrictedCountry } from "@/lib/verify/region";
import { fail } from "./respond";

// The API's gate for restricted regions (the rules and the country: lib/verify/region.ts); it
// lives beside the envelope it answers with, so lib/verify needs nothing of lib/api.

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
