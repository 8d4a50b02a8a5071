// The authorization drill's percent-escape family: every dynamic segment of every route, one at a
// time, carries an escape, over real HTTP through server.ts's guard (lib/api/malformed-path.ts) in
// front of the route handler. An escape that does not decode (%ZZ, a lone %, bytes that are not
// UTF-8) must be the 400 envelope `common.malformedRequest` without reaching the handler (Next's
// router used to answer it with a bare 500); one that decodes into hostile text (../, NUL, CRLF,
// a bidi override, a double escape) reaches the handler decoded, as Next hands it over, and must be
// refused like any other foreign id: never a 500, never the owner's data.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { guardMalformedPaths } from "@/lib/api/malformed-path";
import { envelopeOf, type RawAnswer } from "./call";
import { loadHandler, type HttpMethod, type RouteFile } from "./routes";

export const UNDECODABLE_ESCAPES = ["%ZZ", "%", "%C0%AF", "%E0%A4%A"];
export const HOSTILE_ESCAPES = ["%2e%2e%2f%2e%2e%2fetc%2fpasswd", "%00", "%0d%0aSet-Cookie:%20x=1", "%E2%80%AEfdp.exe", "%252e%252e%252f"];

export interface EscapeRow {
  route: string;
  method: HttpMethod;
  with: string;
  status: number;
  code: number | null;
  errorKey: string | null;
  ms: number;
  problem: string | null;
}

interface Pending {
  route: RouteFile;
  method: HttpMethod;
  body: unknown;
  reached: boolean;
}

/** The route's path with `value` (already escaped) in `segment` and `idFor`'s ids elsewhere. */
function targetFor(route: RouteFile, segment: string, value: string, idFor: (segment: string) => string): string {
  return route.route.replace(/\[([^\]]+)\]/g, (_m, name: string) => (name === segment ? value : encodeURIComponent(idFor(name))));
}

/** The segments' values as Next gives them to a handler: each decoded. */
function paramsOf(route: RouteFile, path: string): Record<string, string> {
  const pattern = route.route.split("/");
  const parts = path.split("/");
  const params: Record<string, string> = {};
  pattern.forEach((p, i) => {
    const m = /^\[(.+)\]$/.exec(p);
    if (m) params[m[1]!] = decodeURIComponent(parts[i] ?? "");
  });
  return params;
}

function send(base: string, target: string, method: string, token: string, body: unknown): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const payload = method === "GET" ? undefined : JSON.stringify(body ?? {});
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, "x-locale": "en", ...(payload ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}) };
    const req = http.request(base, { method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("latin1");
        const contentType = String(res.headers["content-type"] ?? "");
        resolve({ status: res.statusCode ?? 0, ...envelopeOf(text, contentType), text, contentType, ms: Date.now() - started, hung: false, threw: null });
      });
    });
    req.setTimeout(20_000, () => req.destroy(new Error("timeout")));
    req.on("error", (e) => resolve({ status: 0, code: null, message: "", errorKey: null, text: "", contentType: "", ms: Date.now() - started, hung: e.message === "timeout", threw: e.message === "timeout" ? null : e.message }));
    req.end(payload);
  });
}

/**
 * Runs the family with `token` (the drill's user B) and judges each answer; `judge` is the matrix's
 * rule for B on that route (for escapes that reach the handler).
 */
export async function pathEscapeProbes(
  routes: RouteFile[],
  opts: { token: string; idFor: (route: RouteFile, segment: string) => string; bodyFor: (key: string) => unknown; judge: (key: string, answer: RawAnswer) => string | null },
): Promise<EscapeRow[]> {
  const pending = new Map<string, Pending>();
  const toHandler = async (req: IncomingMessage, res: ServerResponse) => {
    const call = pending.get(`${req.method} ${req.url}`);
    if (!call) {
      res.writeHead(404).end();
      return;
    }
    call.reached = true;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const path = (req.url ?? "/").split("?")[0]!;
    const init = { method: call.method, headers: req.headers as Record<string, string>, body: call.method === "GET" ? undefined : Buffer.concat(chunks) };
    const answer = await loadHandler(call.route, call.method)(new NextRequest(`http://localhost${req.url}`, init), { params: Promise.resolve(paramsOf(call.route, path)) });
    res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
    res.end(Buffer.from(await answer.arrayBuffer()));
  };
  const server = http.createServer(guardMalformedPaths(toHandler));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: EscapeRow[] = [];
  try {
    for (const route of routes.filter((r) => r.segments.length > 0)) {
      for (const method of route.methods) {
        const key = `${method} ${route.route}`;
        for (const segment of route.segments) {
          for (const escape of [...UNDECODABLE_ESCAPES, ...HOSTILE_ESCAPES]) {
            const target = targetFor(route, segment, `x${escape}`, (s) => opts.idFor(route, s));
            const call: Pending = { route, method, body: opts.bodyFor(key), reached: false };
            pending.set(`${method} ${target}`, call);
            const answer = await send(base, target, method, opts.token, call.body);
            pending.delete(`${method} ${target}`);
            let problem: string | null;
            if (UNDECODABLE_ESCAPES.includes(escape)) {
              problem =
                call.reached ? "an undecodable escape reached the handler"
                : answer.status !== 400 || answer.errorKey !== "common.malformedRequest" || !answer.contentType.includes("application/json") ? `expected 400 common.malformedRequest, got ${answer.status} ${answer.errorKey ?? answer.contentType}`
                : null;
            } else {
              problem = call.reached ? opts.judge(key, answer) : `a decodable escape did not reach the handler (${answer.status})`;
            }
            rows.push({ route: route.route, method, with: `[${segment}]=x${escape}`, status: answer.status, code: answer.code, errorKey: answer.errorKey, ms: answer.ms, problem });
          }
        }
      }
    }
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return rows;
}
