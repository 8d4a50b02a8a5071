import "server-only";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { AppError } from "@/lib/server/errors";
import { vetDestination, type LookupAll } from "@/lib/links/egress-guard";
import { decideTestHosts } from "@/lib/links/hosts";
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

export interface PostResult {
  /** HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  ms: number;
  error: string | null;
  /** The address was refused by the check (private, loopback, link-local): never worth retrying. */
  refused: boolean;
}

/** One POST to a receiver, checked and pinned as above. Never throws. */
export async function postWebhook(raw: string, body: string, headers: Record<string, string>, opts: { lookup?: LookupAll; timeoutMs?: number } = {}): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = parseWebhookUrl(raw);
  if (!url) return { status: null, ms: 0, error: "not an http(s) address", refused: true };
  const decision = await vetDestination(url, testHosts(), null, opts.lookup);
  if (!decision.ok) return { status: null, ms: elapsed(), error: decision.why, refused: decision.status === 403 };
  const family = net.isIPv6(decision.address) ? 6 : 4;
  // Pinned: whatever name the URL has, the socket goes to the address that was checked (TLS still checks the name).
  const lookup = ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address: decision.address, family }]);
    else cb(null, decision.address, family);
  }) as unknown as net.LookupFunction;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<PostResult, "ms" | "refused">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: elapsed(), refused: false });
    };
    const req = client.request(url, { method: "POST", headers: { ...headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(body)), "user-agent": "Tingji-Webhooks/1" }, lookup, agent: false }, (res) => {
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > RESPONSE_CAP_BYTES) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const finish = () => done({ status, error: status >= 300 && status < 400 ? "redirect not followed" : null });
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `no answer within ${opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms` });
    }, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    req.on("error", (e: NodeJS.ErrnoException) => done({ status: null, error: e.code ?? e.message }));
    req.end(body);
  });
}
