/// <reference lib="webworker" />
// The app's service worker (docs/devices.md "Install", "Offline", "Share into the app", "Push notifications").
// Built after `next build` by Serwist's CLI (serwist.config.mjs) into public/sw.js; registered for /transcribe only.
// - Precaches the app shell's static assets (Next's hashed bundles, icons).
// - App pages: network first; offline, the page kept from the last visit (any query), else the home.
// - Never touches /api: the page keeps its few offline reads itself (lib/pwa/offline-reads.ts), per user.
// - Takes the Web Share Target POST: keeps the files in IndexedDB, then opens the app to upload them.
// - Shows push notifications and opens their task on a click.
import { CacheFirst, ExpirationPlugin, Serwist, type PrecacheEntry } from "serwist";
import { PAGES_CACHE } from "../offline-reads";
import { SHARE_FIELD, SHARE_TARGET_PATH } from "../manifest";
import { keepSharedFiles, SHARED_PARAM } from "../share-store";
import { notificationOf, type PushMessage } from "../push-message";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

const APP_PATH = /^\/transcribe(\/|$)/;
const HOME = "/transcribe";

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/")),
      handler: new CacheFirst({ cacheName: "tingji-static", plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })] }),
    },
  ],
});

async function appPage(request: Request): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const fresh = await fetch(request);
    // Only whole pages the server meant for this visit are kept (never a redirect or an error page).
    if (fresh.ok && fresh.type === "basic" && !fresh.redirected) await cache.put(new URL(request.url).pathname, fresh.clone());
    return fresh;
  } catch (error) {
    const kept = (await cache.match(new URL(request.url).pathname)) ?? (await cache.match(HOME));
    if (kept) return kept;
    throw error;
  }
}

async function takeShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const files = form.getAll(SHARE_FIELD).filter((f): f is File => typeof f !== "string");
  await keepSharedFiles(files.map((f) => ({ name: f.name, type: f.type, blob: f })));
  return Response.redirect(`${HOME}?${SHARED_PARAM}=${files.length}`, 303);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (event.request.method === "POST" && url.pathname === SHARE_TARGET_PATH) {
    event.respondWith(takeShare(event.request));
    return;
  }
  if (event.request.mode === "navigate" && event.request.method === "GET" && APP_PATH.test(url.pathname)) {
    event.respondWith(appPage(event.request));
  }
});

self.addEventListener("push", (event) => {
  let message: PushMessage | null = null;
  try {
    message = event.data?.json() as PushMessage;
  } catch {
    message = null;
  }
  if (!message) return;
  const { title, options } = notificationOf(message);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(typeof event.notification.data?.url === "string" ? event.notification.data.url : HOME, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => APP_PATH.test(new URL(w.url).pathname));
      if (open) {
        await open.focus();
        await open.navigate(target.href).catch(() => undefined);
      } else await self.clients.openWindow(target.href);
    })(),
  );
});

serwist.addEventListeners();
