// Where the desktop and mobile clients are downloaded (product scope: iOS, Android,
// Windows 10/11 x64, macOS arm64). The addresses are configuration, read on the
// server (components/devices/downloads.ts) and handed to the pages.
import type { DesktopPlatform, MobilePlatform } from "@/lib/devices/user-agent";

export type ClientPlatform = DesktopPlatform | MobilePlatform;
export type ClientDownloads = Record<ClientPlatform, string | null>;

export const DESKTOP_PLATFORMS: readonly DesktopPlatform[] = ["windows", "macos"];
export const MOBILE_PLATFORMS: readonly MobilePlatform[] = ["ios", "android"];
export const DOWNLOAD_PATH = "/transcribe/download";

/** The mobile download banner: phones only, never in a messaging app's browser (the warning comes first), a link configured. */
export function mobileBannerPlatform(mobile: MobilePlatform | null, inApp: boolean, downloads: ClientDownloads): MobilePlatform | null {
  if (!mobile || inApp || !downloads[mobile]) return null;
  return mobile;
}
