import "server-only";
import webPush, { type PushSubscriptionKeys } from "web-push";
import { vetDestination } from "@/lib/links/egress-guard";
import { guardedPost } from "@/lib/links/guarded-post";
import { decideTestHosts } from "@/lib/links/hosts";
import { env } from "@/lib/server/env";

// One push message to one subscription (RFC 8030), encrypted per RFC 8291 (aes128gcm) and signed with VAPID
// (RFC 8292) by web-push. The request goes out through lib/links/guarded-post.ts: a push service is a public
// HTTPS host on 443 (a subscription naming a private, loopback or link-local address is refused), connected to
// at the address that was checked; no redirect is followed; short timeout; the answer's body is not read.

const TIMEOUT_MS = 10_000;
/** Push services keep a message this long for a device that is offline (a day: "done" is news for a day). */
const TTL_SECONDS = 24 * 3600;

export type DeliveryOutcome = { status: number } | { refused: string };

export function pushConfigured(): boolean {
  return Boolean(env().VAPID_PUBLIC_KEY && env().VAPID_PRIVATE_KEY);
}

function allowedTestHosts(): string[] {
  return decideTestHosts(env().PUSH_TEST_HOSTS, env().APP_URL).honoured;
}

/** Whether a subscription's endpoint may be sent to at all (checked at save and again at send). */
export async function endpointProblem(endpoint: string): Promise<string | null> {
  const url = new URL(endpoint);
  const test = allowedTestHosts().includes(url.host);
  if (!test && url.protocol !== "https:") return "not https";
  const decision = await vetDestination(url, allowedTestHosts(), [443]);
  return decision.ok ? null : decision.why;
}

export async function deliver(subscription: PushSubscriptionKeys, payload: string): Promise<DeliveryOutcome> {
  const e = env();
  const details = webPush.generateRequestDetails(subscription, payload, {
    vapidDetails: { subject: e.VAPID_SUBJECT, publicKey: e.VAPID_PUBLIC_KEY ?? "", privateKey: e.VAPID_PRIVATE_KEY ?? "" },
    TTL: TTL_SECONDS,
    urgency: "normal",
    contentEncoding: "aes128gcm",
  });
  const url = new URL(details.endpoint);
  const allowed = allowedTestHosts();
  if (!allowed.includes(url.host) && url.protocol !== "https:") return { refused: "not https" };
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
  // The push service's answer body says nothing we use: none of it is read.
  const result = await guardedPost(url, details.body ?? undefined, headers, { allowedHosts: allowed, publicPorts: [443], timeoutMs: TIMEOUT_MS, responseCapBytes: 0 });
  if (result.status !== null) return { status: result.status };
  if (result.refused) return { refused: result.error ?? "refused" };
  throw new Error(`push service: ${result.error ?? "no answer"}`);
}
