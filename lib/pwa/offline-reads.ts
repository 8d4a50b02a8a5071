// Offline reading (docs/devices.md "Offline"): the answers of the few reads the app needs to show what a user
// opened before (who they are, the task list, each task opened, its translation, folders, usage) are kept in
// Cache Storage, one cache per signed-in user, and answered from there when the network is gone. Nothing else
// of the API is ever kept. Logging out deletes every user's cache.
// Browser-only, and free of lib/client (the API client calls in here, never the other way).

const CACHE_PREFIX = "tingji-reads-";

/** The reads kept for offline use: paths (query strings are part of the key). */
const OFFLINE_READS: readonly RegExp[] = [
  /^\/api\/auth\/user$/,
  /^\/api\/transcription\/tasks$/,
  /^\/api\/transcription\/tasks\/(?!deleted$)[^/]+$/,
  /^\/api\/translation\/query$/,
  /^\/api\/folder$/,
  /^\/api\/folder\/stats$/,
  /^\/api\/usage$/,
];

export function isOfflineRead(url: string): boolean {
  const path = new URL(url, "http://x").pathname;
  return OFFLINE_READS.some((re) => re.test(path));
}

function cacheName(userId: string): string {
  return CACHE_PREFIX + encodeURIComponent(userId);
}

function available(): boolean {
  return typeof caches !== "undefined";
}

/** Keeps a successful read's body for this user. Never throws (a full or missing Cache Storage only means no offline copy). */
export async function rememberRead(userId: string, url: string, body: string): Promise<void> {
  if (!available() || !userId) return;
  try {
    const cache = await caches.open(cacheName(userId));
    await cache.put(new URL(url, location.origin).href, new Response(body, { headers: { "content-type": "application/json", "x-offline-saved-at": new Date().toISOString() } }));
  } catch {
    /* no offline copy */
  }
}

/** The body kept for this user and URL, or null. */
export async function recallRead(userId: string, url: string): Promise<string | null> {
  if (!available() || !userId) return null;
  try {
    const cache = await caches.open(cacheName(userId));
    const hit = await cache.match(new URL(url, location.origin).href);
    return hit ? await hit.text() : null;
  } catch {
    return null;
  }
}

/** Deletes every user's offline copies and the service worker's cached pages (logout, or another user signing in). */
export async function forgetOfflineData(): Promise<void> {
  if (!available()) return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) || n === PAGES_CACHE).map((n) => caches.delete(n)));
  } catch {
    /* nothing kept */
  }
}

/** The service worker's cache of app pages (lib/pwa/sw/service-worker.ts). */
export const PAGES_CACHE = "tingji-pages";
