// A loopback server speaking Cloudflare Turnstile's siteverify API
// (POST form or JSON {secret, response, remoteip, idempotency_key} →
// {success, "error-codes", challenge_ts, hostname, action, cdata}). It knows the tokens it issued
// (`issue()`), answers each once (a second redemption is "timeout-or-duplicate", like Cloudflare),
// expires them after `ttlMs` and refuses a wrong secret ("invalid-input-secret").
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { listenOn } from "./ports";

export interface SiteverifyCall {
  contentType: string;
  secret: string;
  response: string;
  remoteip?: string;
}

export interface LoopbackTurnstile {
  url: string;
  calls: SiteverifyCall[];
  /** A fresh token, as the browser widget would get from Cloudflare. */
  issue(): string;
  /** "ok" answers; "down" answers HTTP 500 (Cloudflare unreachable). */
  mode: "ok" | "down";
  close(): Promise<void>;
}

export async function startLoopbackTurnstile(opts: { secret: string; port?: number; ttlMs?: number; hostname?: string }): Promise<LoopbackTurnstile> {
  const ttlMs = opts.ttlMs ?? 300_000;
  const issued = new Map<string, { at: number; spent: boolean }>();
  const calls: SiteverifyCall[] = [];
  const state: LoopbackTurnstile = {
    url: "",
    calls,
    mode: "ok",
    issue() {
      const token = `0.${randomBytes(48).toString("base64url")}`;
      issued.set(token, { at: Date.now(), spent: false });
      return token;
    },
    close: async () => undefined,
  };

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const answer = (status: number, json: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(json));
      };
      if (req.method !== "POST" || !req.url?.startsWith("/turnstile/v0/siteverify")) return answer(404, { success: false, "error-codes": ["bad-request"] });
      const contentType = req.headers["content-type"] ?? "";
      const fields: Record<string, string> = contentType.includes("application/json")
        ? (JSON.parse(body || "{}") as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(body));
      calls.push({ contentType, secret: fields.secret ?? "", response: fields.response ?? "", remoteip: fields.remoteip });
      if (state.mode === "down") return answer(500, { error: "internal" });
      const fail = (...codes: string[]) => answer(200, { success: false, "error-codes": codes, messages: [] });
      if (!fields.secret) return fail("missing-input-secret");
      if (fields.secret !== opts.secret) return fail("invalid-input-secret");
      if (!fields.response) return fail("missing-input-response");
      const token = issued.get(fields.response);
      if (!token) return fail("invalid-input-response");
      if (token.spent || Date.now() - token.at > ttlMs) return fail("timeout-or-duplicate");
      token.spent = true;
      answer(200, { success: true, "error-codes": [], challenge_ts: new Date(token.at).toISOString(), hostname: opts.hostname ?? "localhost", action: "", cdata: "" });
    });
  });
  await listenOn(server, opts.port ?? 0);
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/turnstile/v0/siteverify`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}
