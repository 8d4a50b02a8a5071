// The version-update overlay's timing (screens and routes, business limits): the progress fills over
// 20 seconds, then the page reloads with a timestamp query parameter so that
// caches hand out the new version.

export const UPDATE_COUNTDOWN_MS = 20_000;
/** The timestamp parameter added to the reloaded address. */
export const RELOAD_PARAM = "_t";

/** Whole percent of the countdown after `elapsedMs` (0 to 100). */
export function countdownPercent(elapsedMs: number): number {
  if (!(elapsedMs > 0)) return 0;
  return Math.min(100, Math.floor((elapsedMs / UPDATE_COUNTDOWN_MS) * 100));
}

/** `href` with `_t=<now>` (an earlier `_t` replaced). */
export function reloadAddress(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set(RELOAD_PARAM, String(now));
  return url.toString();
}
