"use client";
// The client and browser prompts of screens and routes that may appear on any page: the
// in-app browser warning, the desktop handoff and the mobile app banner.
import { usePathname } from "next/navigation";
import theme from "@/components/ui/theme.module.css";
import { useAuth } from "@/lib/client/auth";
import { InstallPrompt } from "@/components/pwa/InstallPrompt";
import { STORAGE_KEYS, readItem } from "@/lib/client/storage";
import { mobileBannerPlatform, type ClientDownloads } from "@/lib/devices/downloads";
import { wantsDesktopHandoff } from "@/lib/devices/handoff";
import { useDeviceInfo } from "@/lib/devices/use-user-agent";
import { inAppBrowserOf, mobilePlatformOf } from "@/lib/devices/user-agent";
import { DesktopHandoff } from "@/components/devices/DesktopHandoff";
import { InAppBrowserWarning } from "@/components/devices/InAppBrowserWarning";
import { MobileAppBanner } from "@/components/devices/MobileAppBanner";
import styles from "@/components/devices/clients.module.css";

/** A phone is offered the app on the mobile home only (not mid-payment, not on shared pages). */
const BANNER_PATHS = /^\/transcribe\/mobile\/?$/;
/** The install offer: the app's home screens only (never mid-payment, on shared pages or on the tools site). */
const INSTALL_PATHS = /^\/transcribe(\/mobile)?\/?$/;

export function ClientPromptsView({ downloads }: { downloads: ClientDownloads }) {
  const pathname = usePathname() ?? "/";
  const device = useDeviceInfo();
  const { status, token, user } = useAuth();
  if (!device) return null;

  const inApp = inAppBrowserOf(device.userAgent);
  const mobile = mobilePlatformOf(device.userAgent, device.maxTouchPoints);
  const banner = status === "authenticated" && BANNER_PATHS.test(pathname) ? mobileBannerPlatform(mobile, inApp !== null, downloads) : null;
  // The install offer gives way to the in-app-browser warning, the desktop handoff and the app-store banner.
  const handoff = !mobile && wantsDesktopHandoff({ search: window.location.search, storedOrigin: readItem(STORAGE_KEYS.origin), authenticated: status === "authenticated", token, userId: user?.id ?? null });
  const install = status === "authenticated" && !inApp && !handoff && !banner && INSTALL_PATHS.test(pathname);

  return (
    <div className={`${theme.theme} ${styles.host}`}>
      {inApp ? <InAppBrowserWarning app={inApp} pathname={pathname} /> : null}
      {!mobile ? <DesktopHandoff pathname={pathname} /> : null}
      {banner ? <MobileAppBanner platform={banner} /> : null}
      {install ? <InstallPrompt ios={mobile === "ios"} /> : null}
    </div>
  );
}
