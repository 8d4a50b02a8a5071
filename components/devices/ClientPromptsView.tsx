"use client";
// The client and browser prompts of screens and routes that may appear on any page: the
// in-app browser warning, the desktop handoff and the mobile app banner.
import { usePathname } from "next/navigation";
import theme from "@/components/ui/theme.module.css";
import { useAuth } from "@/lib/client/auth";
import { mobileBannerPlatform, type ClientDownloads } from "@/lib/devices/downloads";
import { useDeviceInfo } from "@/lib/devices/use-user-agent";
import { inAppBrowserOf, mobilePlatformOf } from "@/lib/devices/user-agent";
import { DesktopHandoff } from "@/components/devices/DesktopHandoff";
import { InAppBrowserWarning } from "@/components/devices/InAppBrowserWarning";
import { MobileAppBanner } from "@/components/devices/MobileAppBanner";
import styles from "@/components/devices/clients.module.css";

/** A phone is offered the app on the mobile home only (not mid-payment, not on shared pages). */
const BANNER_PATHS = /^\/transcribe\/mobile\/?$/;

export function ClientPromptsView({ downloads }: { downloads: ClientDownloads }) {
  const pathname = usePathname() ?? "/";
  const device = useDeviceInfo();
  const { status } = useAuth();
  if (!device) return null;

  const inApp = inAppBrowserOf(device.userAgent);
  const mobile = mobilePlatformOf(device.userAgent, device.maxTouchPoints);
  const banner = status === "authenticated" && BANNER_PATHS.test(pathname) ? mobileBannerPlatform(mobile, inApp !== null, downloads) : null;

  return (
    <div className={`${theme.theme} ${styles.host}`}>
      {inApp ? <InAppBrowserWarning app={inApp} pathname={pathname} /> : null}
      {!mobile ? <DesktopHandoff pathname={pathname} /> : null}
      {banner ? <MobileAppBanner platform={banner} /> : null}
    </div>
  );
}
