import "server-only";
import http from "node:http";
import https from "node:https";
import { fixedLookup, vetDestination, type LookupAll } from "./egress-guard";

// One POST to an address a user gave us (a webhook receiver, a push service), through the destination check
// video links use: public addresses only (or an exact loopback test host), the socket pinned to the address
// that was checked (no DNS rebinding), no redirect followed (a 3xx is an answer, never a hop), a deadline, and
// at most `responseCapBytes` of the answer read. Never throws.

export interface GuardedPostResult {
  /** HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  ms: number;
  error: string | null;
  /** The address was refused by the check (private, loopback, link-local): never worth retrying. */
  refused: boolean;
}

export interface GuardedPostOptions {
  /** Exact host:port pairs on loopback that tests may use (lib/links/hosts.ts decideTestHosts). */
  allowedHosts: string[];
  /** Ports a public host may be reached on; null: any. */
  publicPorts: number[] | null;
  timeoutMs: number;
  responseCapBytes: number;
  lookup?: LookupAll;
}

export async function guardedPost(url: URL, body: string | Buffer | undefined, headers: Record<string, string>, opts: GuardedPostOptions): Promise<GuardedPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const decision = await vetDestination(url, opts.allowedHosts, opts.publicPorts, opts.lookup);
  if (!decision.ok) return { status: null, ms: elapsed(), error: decision.why, refused: decision.status === 403 };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<GuardedPostResult>((resolve) => {
    let settled = false;
    const done = (r: { status: number | null; error: string | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, ms: elapsed(), refused: false });
    };
    const req = client.request(url, { method: "POST", headers, lookup: fixedLookup(decision.address), agent: false }, (res) => {
      let read = 0;
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > opts.responseCapBytes) res.destroy();
      });
      const status = res.statusCode ?? 0;
      const finish = () => done({ status, error: status >= 300 && status < 400 ? "redirect not followed" : null });
      res.on("end", finish);
      res.on("close", finish);
      res.on("error", finish);
    });
    const timer = setTimeout(() => {
      req.destroy();
      done({ status: null, error: `no answer within ${opts.timeoutMs} ms` });
    }, opts.timeoutMs);
    req.on("error", (e: NodeJS.ErrnoException) => done({ status: null, error: e.code ?? e.message }));
    req.end(body);
  });
}
