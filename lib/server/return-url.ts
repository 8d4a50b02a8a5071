// Where a sign-in may send the browser afterwards: the one rule, used by the server when a
// login link is made (lib/auth/email-link.ts) and by the browser before following it
// (callback and login pages, lib/client). Browser-safe: no server imports.
//
// A return URL is a path of our own pages: it starts with a single "/", lies under one of
// PAGE_ROOTS once the URL parser has resolved dots and escapes, and holds no whitespace,
// control or invisible formatting character and no backslash, neither as sent nor after
// percent-decoding ("/\t/evil.example", "/%09/evil.example", "/%2F/evil.example" and
// "/\\evil.example" all leave the origin in some browser or router). API and media paths,
// the login and callback pages are refused. Anything refused yields null: the caller then
// uses its default ("/transcribe/"), so a hostile value is dropped, never reported.

/** Page trees a sign-in may return to. */
const PAGE_ROOTS = ["/transcribe", "/tools"] as const;
/** Pages never returned to: they would sign in again, or loop. */
const NEVER = /^\/(transcribe|tools)\/(login|callback)(\/|$)/;
export const RETURN_URL_MAX_LENGTH = 2000;

// Whitespace, C0/C1 controls, format characters (zero-width, bidi), separators, and "\".
const FORBIDDEN_CHARS = /[\p{Cc}\p{Cf}\p{Z}\s\\]/u;
// Any origin works: the parsed URL must stay on it. ".invalid" can never be a real host.
const BASE = "http://return-url.invalid";
const MAX_DECODE_ROUNDS = 4;

/** Fully percent-decodes, or null when an escape is malformed or nests deeper than anyone legitimate would. */
function decodeFully(value: string): string | null {
  let current = value;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

function looksLikeOwnPath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//") && !FORBIDDEN_CHARS.test(value);
}

/** The pathname the browser would go to, if it stays on our origin and under our pages. */
function ownPagePath(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const p = url.pathname;
  if (!PAGE_ROOTS.some((root) => p === root || p.startsWith(`${root}/`))) return null;
  if (NEVER.test(p)) return null;
  return url;
}

/**
 * The return URL normalised (path, query and fragment), or null when it is not a path of our
 * own pages. Null means "use the default".
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > RETURN_URL_MAX_LENGTH) return null;
  if (!looksLikeOwnPath(value)) return null;
  const decoded = decodeFully(value);
  if (decoded === null || !looksLikeOwnPath(decoded)) return null;
  const url = ownPagePath(value);
  if (!url || !ownPagePath(decoded)) return null;
  const normalised = url.pathname + url.search + url.hash;
  return looksLikeOwnPath(normalised) ? normalised : null;
}
