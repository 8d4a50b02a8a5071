"use client";
// Phones get the mobile home (/transcribe/mobile) unless the user chose the desktop view
// from it; that choice lasts for the tab's session (a new visit starts on the mobile view).

/** Screens this narrow get the mobile view. */
export const MOBILE_VIEW_QUERY = "(max-width: 640px)";
const DESKTOP_CHOSEN_KEY = "tingji:desktop-view";

function session(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function chooseDesktopView(): void {
  try {
    session()?.setItem(DESKTOP_CHOSEN_KEY, "1");
  } catch {
    // storage blocked: the phone keeps getting the mobile view
  }
}

export function chooseMobileView(): void {
  try {
    session()?.removeItem(DESKTOP_CHOSEN_KEY);
  } catch {
    // storage blocked: nothing was stored either
  }
}

/**
 * The mobile home's "desktop view" link carries the choice in its address too (`?view=desktop`), so a tap
 * before the page's script has loaded (a slow phone) still lands on the desktop view; the home then
 * stores the choice and drops the parameter.
 */
export const DESKTOP_VIEW_PARAM = "view";

/** Stores a `?view=desktop` choice and returns the address without it, or null when there is none. */
export function takeDesktopViewChoice(href: string): string | null {
  const url = new URL(href);
  if (url.searchParams.get(DESKTOP_VIEW_PARAM) !== "desktop") return null;
  chooseDesktopView();
  url.searchParams.delete(DESKTOP_VIEW_PARAM);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** True on a narrow screen when the user has not asked for the desktop view. */
export function wantsMobileView(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia(MOBILE_VIEW_QUERY).matches && session()?.getItem(DESKTOP_CHOSEN_KEY) !== "1";
}
