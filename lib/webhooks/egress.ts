import "server-only";
import { AppError } from "@/lib/server/errors";
import { vetDestination, type LookupAll } from "@/lib/links/egress-guard";
import { decideTestHosts } from "@/lib/links/hosts";
import { guardedPost, type GuardedPostResult } from "@/lib/links/guarded-post";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";

// Webhook requests leave through the same destination check as video links (lib/links/egress-guard.ts
// vetDestination): only public addresses, a name resolved here and the connection pinned to the address
// that was checked (no DNS rebinding), redirects never followed (a 3xx is a failed try), a short
// deadline and a capped response body. WEBHOOK_TEST_HOSTS opens exact loopback host:port pairs for
// tests, honoured only when APP_URL is loopback (the rule of LINK_IMPORT_TEST_HOSTS, lib/links/hosts.ts).

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Only this much of a receiver's answer is read (for the delivery log); the rest is dropped. */
export const RESPONSE_CAP_BYTES = 16 * 1024;

let honoured: string[] | undefined;
function testHosts(): string[] {
  if (!honoured) {
    const decided = decideTestHosts(env().WEBHOOK_TEST_HOSTS, env().APP_URL);
    if (decided.ignored.length > 0) logger.warn("WEBHOOK_TEST_HOSTS ignored: only loopback host:port entries, and only when APP_URL is loopback", { ignored: decided.ignored });
    honoured = decided.honoured;
  }
  return honoured;
}

function parseWebhookUrl(raw: string): URL | null {
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.username || url.password) return null;
    return url;
  } catch {
    return null;
  }
}

/** At save: the address must be a well-formed http(s) URL whose host resolves to public addresses only. */
export async function assertWebhookUrl(raw: string, lookup?: LookupAll): Promise<string> {
  const url = parseWebhookUrl(raw);
  if (!url) throw new AppError("webhooks.urlRefused");
  const decision = await vetDestination(url, testHosts(), null, lookup);
  if (!decision.ok) throw new AppError("webhooks.urlRefused");
  return url.toString();
}

export type PostResult = GuardedPostResult;

/** One POST to a receiver, checked and pinned as above (lib/links/guarded-post.ts). Never throws. */
export async function postWebhook(raw: string, body: string, headers: Record<string, string>, opts: { lookup?: LookupAll; timeoutMs?: number } = {}): Promise<PostResult> {
  const url = parseWebhookUrl(raw);
  if (!url) return { status: null, ms: 0, error: "not an http(s) address", refused: true };
  return guardedPost(url, body, { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Tingji-Webhooks/1" }, {
    allowedHosts: testHosts(),
    publicPorts: null,
    timeoutMs: opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    responseCapBytes: RESPONSE_CAP_BYTES,
    lookup: opts.lookup,
  });
}
