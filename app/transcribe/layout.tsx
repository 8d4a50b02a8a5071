import type { Metadata } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { getMessages } from "next-intl/server";
import { PwaShell } from "@/components/pwa/PwaShell";
import { AuthGate } from "@/components/shell/AuthGate";
import { MessagesScope } from "@/components/shell/MessagesScope";
import { messagesBeyondShell, pickMessages, SHARE_PAGE_MESSAGES } from "@/lib/i18n/client-messages";
import { PAGE_PATH_HEADER } from "@/lib/i18n/locales";
import { SHARE_PAGE_PATH } from "@/lib/sharing/share-link";

// The installed app (docs/devices.md "Install"): its manifest, and the icon iOS reads instead of the manifest's.
export const metadata: Metadata = {
  manifest: "/transcribe/manifest.webmanifest",
  appleWebApp: { capable: true, statusBarStyle: "default" },
  icons: { icon: "/favicon.svg", apple: "/icons/apple-touch-icon.png" },
};

/**
 * The main app (base path /transcribe/). Pages here need a signed-in user,
 * except the ungated ones of states and transitions (login, callback, share, show).
 *
 * The app's pages get every message. The share page, opened from a link by people who mostly never
 * sign in, gets its own few (its links into the app load the app anew, so it never needs more).
 */
export default async function TranscribeLayout({ children }: { children: ReactNode }) {
  const [all, h] = await Promise.all([getMessages(), headers()]);
  const sharePage = (h.get(PAGE_PATH_HEADER) ?? "").replace(/\/$/, "") === SHARE_PAGE_PATH;
  return (
    <MessagesScope messages={sharePage ? pickMessages(all, SHARE_PAGE_MESSAGES) : messagesBeyondShell(all)}>
      {sharePage ? null : <PwaShell />}
      <AuthGate>{children}</AuthGate>
    </MessagesScope>
  );
}
