// Desktop handoff (screens and routes): the desktop app opens the web sign-in with
// ?origin=desktop; once signed in, the page offers to hand the session back to
// the app through a custom link carrying the token and the user id.

/** How long a signed-in page waits before offering to hand the session back to the desktop app. */
export const HANDOFF_DELAY_MS = 1000;
/** The value of ?origin= (and of the stored `origin` key) that asks for the handoff. */
export const DESKTOP_ORIGIN = "desktop";
/** The URL scheme the desktop clients register with the operating system. */
export const DESKTOP_SCHEME = "tingji";

export interface HandoffState {
  /** location.search of the page. */
  search: string;
  /** The stored `origin` key (entity fields): set from ?origin= on any page, e.g. the login page the app opened. */
  storedOrigin: string | null;
  authenticated: boolean;
  token: string | null;
  userId: string | null | undefined;
}

/**
 * The dialog is offered when the address carries origin=desktop, the user is
 * authenticated and a token (and so a user id to hand over) exists. The stored
 * origin counts as well: the app may have opened the login page, whose
 * sign-in lands on the home page without the parameter.
 */
export function wantsDesktopHandoff(state: HandoffState): boolean {
  const origin = new URLSearchParams(state.search).get("origin") ?? state.storedOrigin;
  return origin === DESKTOP_ORIGIN && state.authenticated && !!state.token && !!state.userId;
}

/** tingji://auth?token=…&userId=… — what the desktop app listens for. */
export function desktopHandoffLink(token: string, userId: string): string {
  const params = new URLSearchParams({ token, userId });
  return `${DESKTOP_SCHEME}://auth?${params.toString()}`;
}

/** The same address without its `origin` query parameter (path, other parameters and hash kept). */
export function addressWithoutOrigin(href: string): string {
  const url = new URL(href);
  url.searchParams.delete("origin");
  return url.pathname + url.search + url.hash;
}
