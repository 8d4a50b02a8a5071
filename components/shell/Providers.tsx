"use client";

// First: zod must not probe for eval under the CSP.
import "@/lib/client/zod-jitless";
import { useEffect, type ReactNode } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { configureApiClient } from "@/lib/client/api";
import { AuthProvider } from "@/lib/client/auth";
import { EditionProvider, type Edition } from "@/lib/edition/edition.client";
import { setNavigator, navigateTo } from "@/lib/client/navigation";
import { STORAGE_KEYS, writeItem } from "@/lib/client/storage";
import { Toaster } from "./Toaster";
import { UpdateOverlay } from "./UpdateOverlay";

/** Remembers a referral code (?ref= / ?referral_code=) and ?origin= (desktop handoff) from the address (screens and routes, entity fields). */
function captureQueryParams() {
  const params = new URLSearchParams(window.location.search);
  const ref = params.get("ref") ?? params.get("referral_code") ?? params.get("referral");
  if (ref && /^[A-Za-z0-9_-]{1,64}$/.test(ref)) writeItem(STORAGE_KEYS.referralCode, ref);
  const origin = params.get("origin");
  if (origin && /^[a-z]{1,20}$/.test(origin)) writeItem(STORAGE_KEYS.origin, origin);
}

/**
 * Client-side shell below NextIntlClientProvider: edition, auth context, toasts
 * and the version-update overlay; wires translations and soft navigation into
 * the API client.
 */
export function Providers({ edition, children }: { edition: Edition; children: ReactNode }) {
  const t = useTranslations();
  const locale = useLocale();
  const router = useRouter();

  // Configured during render so that the first requests of child effects already use it.
  configureApiClient({
    locale,
    navigate: (href) => navigateTo(href),
    translate: (key, values) => (t.has(key) ? t(key, values) : undefined),
  });

  useEffect(() => {
    setNavigator((href, opts) => (opts?.replace ? router.replace(href) : router.push(href)));
    return () => setNavigator(null);
  }, [router]);

  useEffect(() => {
    captureQueryParams();
  }, []);

  return (
    <EditionProvider edition={edition}>
      <AuthProvider>
        {children}
        <Toaster />
        <UpdateOverlay />
      </AuthProvider>
    </EditionProvider>
  );
}

export default Providers;
