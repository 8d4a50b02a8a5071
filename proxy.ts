import { NextResponse, type NextRequest } from "next/server";
import { isLocale, PAGE_PATH_HEADER, TOOLS_LOCALE_HEADER } from "@/lib/i18n/locales";
import { HSTS_VALUE, newNonce, pageCsp, servedOverHttps } from "@/lib/server/security-headers";
import { turnstileConfigured } from "@/lib/verify/turnstile";

// Pages get a Content-Security-Policy with a fresh nonce per request (Next puts it on its own
// inline scripts when it finds it in the request's CSP header; every page is rendered per
// request already: the root layout reads headers for the language). HSTS only over https.
// The API and static files get their headers from next.config.ts, and skip this proxy so
// that uploads stream straight to their route handlers.
export function proxy(request: NextRequest) {
  // eslint-disable-next-line no-restricted-properties -- Next inlines NODE_ENV at build time; not a setting of ours.
  const csp = pageCsp(newNonce(), process.env.NODE_ENV === "development", { turnstile: turnstileConfigured() });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("content-security-policy", csp);
  // Tools pages and the landing page address a language with ?lang=xx (their hreflang URLs, lib/tools/seo.ts,
  // lib/landing/seo.ts); next-intl reads it from this header.
  requestHeaders.delete(TOOLS_LOCALE_HEADER);
  const lang = request.nextUrl.searchParams.get("lang");
  if (isLocale(lang) && /^\/(tools(\/|$)|transcribe\/?$)/.test(request.nextUrl.pathname)) requestHeaders.set(TOOLS_LOCALE_HEADER, lang);
  // Always ours, never the client's (app/transcribe/layout.tsx reads it; prefetches, which skip this proxy, get all messages).
  requestHeaders.set(PAGE_PATH_HEADER, request.nextUrl.pathname);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  if (servedOverHttps(request.url, request.headers.get("x-forwarded-proto"))) response.headers.set("strict-transport-security", HSTS_VALUE);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon\\.svg|favicon\\.ico).*)",
      // Prefetches fetch RSC data, not documents: no nonce needed.
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
