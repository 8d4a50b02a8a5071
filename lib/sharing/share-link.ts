// Share URLs (docs/sharing.md), shared by the server and the browser: no server imports.
//
//   /transcribe/show/<date>/<title-slug>-<token>   the canonical URL (spec's /show/:date/:title)
//   /transcribe/show/<token>                       the one-segment form (/show/:title)
//   /transcribe/share?token=<token>                the share page
//
// Only the token is ever looked up. The date and the slug are decoration fixed at
// creation, so a title and a date alone reveal nothing, two users with the same title
// never collide, and renaming the task keeps the URL.

/** 18 random bytes: 144 bits, 24 base64url characters. */
export const SHARE_TOKEN_BYTES = 18;
export const SHARE_TOKEN_LENGTH = 24;
const TOKEN = /^[A-Za-z0-9_-]{24}$/;

export const SHOW_PATH = "/transcribe/show";
export const SHARE_PAGE_PATH = "/transcribe/share";

/** The longest title slug kept in a URL (characters). */
const SLUG_MAX = 60;

export function isShareToken(value: string): boolean {
  return TOKEN.test(value);
}

/**
 * A title as a URL segment: letters and digits of any script kept (lower-cased),
 * everything else one "-". Empty for a title without letters.
 */
export function slugifyTitle(title: string): string {
  const slug = title
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  return Array.from(slug).slice(0, SLUG_MAX).join("").replace(/-+$/, "");
}

/** The day a share was created, as the URL's date segment (UTC). */
export function shareDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The token inside a URL segment: the segment itself, or its last 24 characters
 * after a "-" ("<slug>-<token>"). Null when there is none: no lookup is made then.
 */
export function tokenFromSegment(segment: string | null | undefined): string | null {
  if (!segment) return null;
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // already decoded, or not percent-encoded at all
  }
  if (isShareToken(text)) return text;
  if (text.length <= SHARE_TOKEN_LENGTH + 1) return null;
  const token = text.slice(-SHARE_TOKEN_LENGTH);
  return text.at(-SHARE_TOKEN_LENGTH - 1) === "-" && isShareToken(token) ? token : null;
}

export interface ShareLinkParts {
  token: string;
  slugDate: string;
  slugTitle: string;
}

/** The canonical path of a share: /transcribe/show/<date>/<slug>-<token>. */
export function sharePath({ token, slugDate, slugTitle }: ShareLinkParts): string {
  const last = slugTitle ? `${slugTitle}-${token}` : token;
  return `${SHOW_PATH}/${slugDate}/${encodeURIComponent(last)}`;
}
