"use client";
// The installed app's parts that every /transcribe page has: the service worker and the offline banner.
import { useEffect } from "react";
import { onBeforeLogout } from "@/lib/client/auth";
import { forgetThisDevice } from "@/lib/push/push.client";
import { OfflineBanner } from "./OfflineBanner";
import { registerServiceWorker } from "./register";

export function PwaShell() {
  // Logging out of this device stops its push notifications for the user who leaves.
  useEffect(() => onBeforeLogout(forgetThisDevice), []);
  useEffect(() => {
    const start = () => void registerServiceWorker();
    // After the page has loaded, so the worker's first downloads never compete with the page's own.
    if (document.readyState === "complete") start();
    else {
      window.addEventListener("load", start, { once: true });
      return () => window.removeEventListener("load", start);
    }
  }, []);
  return <OfflineBanner />;
}
