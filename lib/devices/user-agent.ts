// User-agent rules shared by the in-app browser warning, the iOS hints and the
// download prompts (product scope clients, screens and routes). Pure functions of the UA string, so
// they run on the server, in the browser and in jest alike.

export type InAppBrowser = "wechat" | "qq" | "weibo" | "line" | "facebook" | "instagram";
export type MobilePlatform = "ios" | "android";
export type DesktopPlatform = "windows" | "macos";

// Order matters: Instagram's iOS browser can carry Facebook's markers, and
// WeChat's Android browser carries "MQQBrowser" (Tencent's engine), not "QQ/".
const IN_APP_RULES: ReadonlyArray<readonly [InAppBrowser, RegExp]> = [
  ["wechat", /MicroMessenger\//i],
  ["weibo", /\bweibo/i],
  ["instagram", /\bInstagram\b/i],
  ["facebook", /\bFB(AN|AV|_IAB|IOS|4A)\b|\[FB/],
  ["line", /\bLine\/\d/i],
  // The QQ app's own browser, never the standalone QQ Browser (MQQBrowser/QQBrowser).
  ["qq", /\bQQ\/\d/],
];

/** The messaging app whose built-in browser shows this page, or null for an ordinary browser. */
export function inAppBrowserOf(userAgent: string | null | undefined): InAppBrowser | null {
  if (!userAgent) return null;
  for (const [app, rule] of IN_APP_RULES) if (rule.test(userAgent)) return app;
  return null;
}

/**
 * iPhone, iPad or iPod. iPadOS 13+ Safari presents itself as a Mac, so a "Macintosh"
 * with a touch screen (maxTouchPoints > 1; no real Mac has one) counts too.
 */
export function isIos(userAgent: string | null | undefined, maxTouchPoints = 0): boolean {
  if (!userAgent) return false;
  if (/iPhone|iPad|iPod/.test(userAgent)) return true;
  return /Macintosh/.test(userAgent) && maxTouchPoints > 1;
}

/** Which mobile app store fits this device, or null on a desktop. */
export function mobilePlatformOf(userAgent: string | null | undefined, maxTouchPoints = 0): MobilePlatform | null {
  if (isIos(userAgent, maxTouchPoints)) return "ios";
  if (userAgent && /Android/i.test(userAgent)) return "android";
  return null;
}

/** Which desktop client fits (Windows 10/11 x64, macOS arm64 exist; product scope), or null. */
export function desktopPlatformOf(userAgent: string | null | undefined, maxTouchPoints = 0): DesktopPlatform | null {
  if (!userAgent || mobilePlatformOf(userAgent, maxTouchPoints)) return null;
  if (/Windows NT/.test(userAgent)) return "windows";
  if (/Macintosh|Mac OS X/.test(userAgent)) return "macos";
  return null;
}

/** A readable name for a device, browser and system ("Chrome · Android"), e.g. for the list of push devices. */
export function deviceLabel(userAgent: string): string {
  const ua = userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrom(e|ium)\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Windows/.test(ua) ? "Windows" : /Mac OS X/.test(ua) ? "macOS" : /CrOS/.test(ua) ? "ChromeOS" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} · ${system}` : browser;
}
