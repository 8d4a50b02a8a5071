"use client";
// Registers the app's service worker (public/sw.js, built from lib/pwa/sw/service-worker.ts) for /transcribe
// only, so the tools site stays a plain site. The install prompt's event is caught here too, as early as
// the page's code runs: browsers fire it once.
import { APP_SCOPE } from "@/lib/pwa/manifest";

type InstallEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: "accepted" | "dismissed" }> };

let deferredInstall: InstallEvent | null = null;
const installListeners = new Set<() => void>();

if (typeof window !== "undefined") {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Our own prompt is offered at the right moment (components/pwa/InstallPrompt.tsx), not the browser's banner.
    event.preventDefault();
    deferredInstall = event as InstallEvent;
    installListeners.forEach((l) => l());
  });
  window.addEventListener("appinstalled", () => {
    deferredInstall = null;
    installListeners.forEach((l) => l());
  });
}

export function installEvent(): InstallEvent | null {
  return deferredInstall;
}

export function onInstallEvent(listener: () => void): () => void {
  installListeners.add(listener);
  return () => installListeners.delete(listener);
}

export function forgetInstallEvent(): void {
  deferredInstall = null;
}

export async function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return null;
  try {
    return await navigator.serviceWorker.register("/sw.js", { scope: APP_SCOPE, updateViaCache: "none" });
  } catch {
    // A browser that refuses (private mode, no HTTPS off localhost) simply runs without offline reading or push.
    return null;
  }
}
