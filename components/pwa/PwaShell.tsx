"use client";
// The installed app's parts that every /transcribe page has: the service worker and the offline banner.
import { useEffect } from "react";
import { onBeforeLogout } from "@/lib/client/auth";
import { forgetThisDevice } from "@/lib/push/push.client";
import { PAGES_CACHE } from "@/lib/pwa/offline-reads";
import { APP_SCOPE } from "@/lib/pwa/manifest";
import { OfflineBanner } from "./OfflineBanner";
import { registerServiceWorker } from "./register";

/**
 * Puts the home and this page in the worker's page cache once it is installed, so the app opens offline
 * even if the user never navigated again while the worker was in control (the first visit is not).
 */
async function keepAppPages(): Promise<void> {
  try {
    await navigator.serviceWorker.ready;
    const cache = await caches.open(PAGES_CACHE);
    const pages = [...new Set([APP_SCOPE, window.location.pathname])];
    for (const page of pages) if (!(await cache.match(page))) await cache.add(page);
  } catch {
    /* offline reading only starts with the next visit */
  }
}

export function PwaShell() {
  // Logging out of this device stops its push notifications for the user who leaves.
  useEffect(() => onBeforeLogout(forgetThisDevice), []);
  useEffect(() => {
    const start = () => void registerServiceWorker().then((reg) => reg && keepAppPages());
    // After the page has loaded, so the worker's first downloads never compete with the page's own.
    if (document.readyState === "complete") start();
    else {
      window.addEventListener("load", start, { once: true });
      return () => window.removeEventListener("load", start);
    }
  }, []);
  return <OfflineBanner />;
}
