// App-wide security headers: the one definition, used by next.config.ts (every answer) and
// proxy.ts (pages: the CSP with a fresh nonce per request). No "server-only" import here:
// next.config.ts loads this file in plain Node, outside Next's server bundles.

export interface HeaderPair {
  key: string;
  value: string;
}

/** Two years, and subdomains: sent only on answers served over https. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

/** Headers on every answer (pages, API, static files). */
export const COMMON_HEADERS: HeaderPair[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // Older browsers that ignore frame-ancestors.
  { key: "X-Frame-Options", value: "DENY" },
];

/** The API answers JSON or files, never a page: nothing in them may run, load or be framed. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The pages' CSP. Scripts: our own, and Next's inline bootstrap scripts, which carry the
 * request's nonce (Next reads it from this header on the request); 'strict-dynamic' lets them
 * load the page's chunks. Styles need 'unsafe-inline': React style attributes and the mind
 * map's (markmap) injected stylesheet and inline SVG styles cannot carry a nonce. The player
 * plays /api/media/... and blob: URLs. Development adds eval (React's debugging) and the
 * websocket of hot reloading.
 */
/** Cloudflare Turnstile's widget frame: allowed only when Turnstile is configured (docs/auth.md "Human verification and regions"). */
export const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

export function pageCsp(nonce: string, dev = false, opts: { turnstile?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    `frame-src ${opts.turnstile ? TURNSTILE_ORIGIN : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh, unguessable nonce (128 bits, base64). Web Crypto: works in every runtime. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** Whether the browser reached us over https: directly, or through a TLS-terminating proxy. */
export function servedOverHttps(url: string, forwardedProto: string | null): boolean {
  if (new URL(url).protocol === "https:") return true;
  // X-Forwarded-Proto may list several hops ("https,http"): the first is the browser's.
  return (forwardedProto ?? "").split(",")[0]!.trim().toLowerCase() === "https";
}
