// @ts-check
// Builds the service worker (lib/pwa/sw/service-worker.ts → public/sw.js) after `next build`, with the list of
// Next's hashed static files to precache (Serwist's configurator mode: works with Turbopack builds).
import { serwist } from "@serwist/next/config";

export default serwist({
  swSrc: "lib/pwa/sw/service-worker.ts",
  swDest: "public/sw.js",
  // App pages are server-rendered per request (nonce, language): none is precached; the worker keeps the
  // pages a user opened instead.
  precachePrerendered: false,
  globIgnores: ["public/screenshots/**"],
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
});
