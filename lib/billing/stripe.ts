import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/server/env";

// The one Stripe client. STRIPE_API_URL sends every call to another server
// (tests: tests/helpers/loopback-stripe.ts); the SDK is the real one either way.
let cached: { key: string; client: Stripe } | undefined;

export function cardPaymentConfigured(): boolean {
  return Boolean(env().STRIPE_SECRET_KEY);
}

/** The client, or null when STRIPE_SECRET_KEY is not set. */
export function stripeClient(): Stripe | null {
  const key = env().STRIPE_SECRET_KEY;
  if (!key) return null;
  if (cached?.key === key) return cached.client;
  const base = env().STRIPE_API_URL;
  const url = base ? new URL(base) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: url ? 0 : 2,
    telemetry: false,
    ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === "https:" ? 443 : 80)), protocol: url.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  cached = { key, client };
  return client;
}
