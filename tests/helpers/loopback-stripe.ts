// A loopback server speaking the parts of Stripe's API the app calls, for the
// real `stripe` SDK (STRIPE_API_URL). It keeps sessions and subscriptions in
// memory, plays the hosted checkout page (GET /pay/<session id> completes the
// payment and redirects to success_url), and builds events that tests sign
// with stripe.webhooks.generateTestHeaderString and post to the webhook
// (browser tests read a paid session back through GET /test/sessions/<id>).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { listenOn } from "./ports";

type Obj = Record<string, unknown>;

export interface LoopbackStripe {
  url: string;
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Form bodies of every POST /v1/checkout/sessions. */
  created: Record<string, string>[];
  /** Form bodies of every POST /v1/subscriptions/:id, with the id. */
  updates: Record<string, string>[];
  /** Pays the session: creates its subscription (one period from now). */
  complete(sessionId: string): { session: Obj; subscription: Obj };
  /** Moves a subscription on: a renewal (next period), cancel at period end, or deletion. */
  renew(subscriptionId: string): Obj;
  setCancelAtPeriodEnd(subscriptionId: string, value: boolean): Obj;
  remove(subscriptionId: string): Obj;
  /** An event around a snapshot of `object`, as Stripe would send it. */
  event(type: string, object: Obj): Obj;
  /** Signs `event` with `secret` and posts it to `webhookUrl`. */
  send(webhookUrl: string, event: Obj, secret: string): Promise<Response>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);
const DAY = 86_400;

function periodSeconds(interval: string) {
  return interval === "year" ? 365 * DAY : 30 * DAY;
}

export async function startLoopbackStripe(port = 0): Promise<LoopbackStripe> {
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const created: Record<string, string>[] = [];
  const updates: Record<string, string>[] = [];
  let base = "";

  const item = (sub: Obj) => ((sub.items as Obj).data as Obj[])[0]!;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", base);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
        res.end(JSON.stringify(value));
      };
      if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        if (!(req.headers.authorization ?? "").startsWith("Bearer sk_")) return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
        const form = Object.fromEntries(new URLSearchParams(body));
        created.push(form);
        const sessionId = id("cs");
        const session: Obj = {
          id: sessionId,
          object: "checkout.session",
          mode: form.mode,
          client_reference_id: form.client_reference_id ?? null,
          metadata: { userId: form["metadata[userId]"], plan: form["metadata[plan]"], period: form["metadata[period]"] },
          currency: form["line_items[0][price_data][currency]"],
          amount_total: Number(form["line_items[0][price_data][unit_amount]"]),
          interval: form["line_items[0][price_data][recurring][interval]"],
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          payment_status: "unpaid",
          status: "open",
          subscription: null,
          url: `${base}/pay/${sessionId}`,
        };
        sessions.set(sessionId, session);
        return json(200, session);
      }
      const subMatch = /^\/v1\/subscriptions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && subMatch) {
        const sub = subscriptions.get(subMatch[1]!);
        return sub ? json(200, sub) : json(404, { error: { type: "invalid_request_error", code: "resource_missing", message: "No such subscription" } });
      }
      // subscriptions.update: only cancel_at_period_end, the one field the app changes.
      if (req.method === "POST" && subMatch) {
        const sub = subscriptions.get(subMatch[1]!);
        if (!sub || sub.status === "canceled") return json(sub ? 400 : 404, { error: { type: "invalid_request_error", message: "No such live subscription" } });
        const form = Object.fromEntries(new URLSearchParams(body));
        updates.push({ id: subMatch[1]!, ...form });
        if ("cancel_at_period_end" in form) sub.cancel_at_period_end = form.cancel_at_period_end === "true";
        return json(200, sub);
      }
      const payMatch = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && payMatch && sessions.has(payMatch[1]!)) {
        const { session } = api.complete(payMatch[1]!);
        res.writeHead(303, { location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", String(session.id)) });
        return res.end();
      }
      // Test-only: what a browser test needs to build the webhook events of a session it paid.
      const peek = /^\/test\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === "GET" && peek && sessions.has(peek[1]!)) {
        const session = sessions.get(peek[1]!)!;
        return json(200, { session, subscription: session.subscription ? subscriptions.get(String(session.subscription)) : null });
      }
      json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${url.pathname})` } });
    });
  });
  await listenOn(server, port);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const api: LoopbackStripe = {
    url: base,
    sessions,
    subscriptions,
    created,
    updates,
    complete(sessionId) {
      const session = sessions.get(sessionId)!;
      if (session.subscription) return { session, subscription: subscriptions.get(String(session.subscription))! };
      const start = now();
      const subscription: Obj = {
        id: id("sub"),
        object: "subscription",
        status: "active",
        cancel_at_period_end: false,
        metadata: session.metadata,
        items: {
          object: "list",
          data: [
            {
              id: id("si"),
              object: "subscription_item",
              current_period_start: start,
              current_period_end: start + periodSeconds(String(session.interval)),
              price: { id: id("price"), object: "price", currency: session.currency, unit_amount: session.amount_total, recurring: { interval: session.interval } },
            },
          ],
        },
      };
      subscriptions.set(String(subscription.id), subscription);
      Object.assign(session, { payment_status: "paid", status: "complete", subscription: subscription.id });
      return { session, subscription };
    },
    renew(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      const it = item(sub);
      const length = periodSeconds(String((it.price as Obj & { recurring: Obj }).recurring.interval));
      it.current_period_start = it.current_period_end;
      it.current_period_end = Number(it.current_period_end) + length;
      return {
        id: id("in"),
        object: "invoice",
        status: "paid",
        billing_reason: "subscription_cycle",
        amount_paid: (it.price as Obj).unit_amount,
        parent: { type: "subscription_details", subscription_details: { subscription: subscriptionId, metadata: sub.metadata } },
      };
    },
    setCancelAtPeriodEnd(subscriptionId, value) {
      const sub = subscriptions.get(subscriptionId)!;
      sub.cancel_at_period_end = value;
      return sub;
    },
    remove(subscriptionId) {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, { status: "canceled", ended_at: now() });
      return sub;
    },
    event(type, object) {
      return { id: id("evt"), object: "event", type, created: now(), livemode: false, api_version: null, data: { object: JSON.parse(JSON.stringify(object)) as Obj } };
    },
    async send(webhookUrl, event, secret) {
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      return fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return api;
}
