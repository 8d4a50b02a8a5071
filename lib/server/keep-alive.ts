import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s by default, and a
 * client that sends its next request just as the server closes gets ECONNRESET: a browser or proxy
 * retries quietly, an API client (or Playwright's request context, seen in CI) fails. Load balancers
 * keep upstream connections for 60 s, so the server waits longer than they do and is never the one
 * that closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** Applies KEEP_ALIVE_MS; the headers timeout stays above it, as Node's docs ask. */
export function holdIdleConnections(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
