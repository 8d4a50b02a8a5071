// Front-end route constants (screens and routes). The main app lives under /transcribe/, the tools site under /tools/.
export const HOME_PATH = "/transcribe/";
export const LOGIN_PATH = "/transcribe/login";
export const CALLBACK_PATH = "/transcribe/callback";
export const PLANS_PATH = "/transcribe/payment/plans";
export const TOOLS_PATH = "/tools/";
export const TOOLS_CALLBACK_PATH = "/tools/callback";

function strip(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
}

/** The tools region: /tools and everything under it. */
export function isToolsPath(pathname: string): boolean {
  const p = strip(pathname);
  return p === "/tools" || p.startsWith("/tools/");
}

/**
 * Pages where a stored token does not gate access (states and transitions): login, callback,
 * share, show, tools and video-transcript pages.
 */
export function isUngatedPath(pathname: string): boolean {
  const p = strip(pathname);
  if (isToolsPath(p)) return true;
  return /^\/(transcribe\/)?(login|callback|share|show|developers|online-youtube-video-transcript)(\/|$)/.test(p);
}

/**
 * Pages that anyone may see but that show more when signed in (issue 25): the app home (a landing
 * page for visitors, the app for users) and the plans page. The page itself decides; nothing redirects.
 */
export function isPublicPage(pathname: string): boolean {
  const p = strip(pathname);
  return p === "/transcribe" || p === strip(PLANS_PATH);
}

/** Share paths of the API never carry the Authorization header (roles and permissions, API contract): the share link and the title/date lookup. */
export function isShareApiPath(path: string): boolean {
  return path.startsWith("/api/transcription/share/") || path.startsWith("/api/transcription/tasks/title/");
}
