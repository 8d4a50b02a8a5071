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

/** True on a narrow screen when the user has not asked for the desktop view. */
export function wantsMobileView(): boolean {
  if (typeof window === "undefined" || typeof window.matchMedia !== "function") return false;
  return window.matchMedia(MOBILE_VIEW_QUERY).matches && session()?.getItem(DESKTOP_CHOSEN_KEY) !== "1";
}
