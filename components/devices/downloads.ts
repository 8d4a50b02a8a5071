import "server-only";
import { env } from "@/lib/server/env";
import type { ClientDownloads } from "@/lib/devices/downloads";

function httpUrl(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

/** The configured client downloads (env DOWNLOAD_*_URL); only http(s) addresses leave here. */
export function clientDownloads(): ClientDownloads {
  const e = env();
  return {
    windows: httpUrl(e.DOWNLOAD_WINDOWS_URL),
    macos: httpUrl(e.DOWNLOAD_MACOS_URL),
    ios: httpUrl(e.DOWNLOAD_IOS_URL),
    android: httpUrl(e.DOWNLOAD_ANDROID_URL),
  };
}
