import "server-only";
import dns from "node:dns";
import http from "node:http";
import net, { type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";
import { isPublicAddress } from "./private-address";

/*
 * A short-lived HTTP proxy on loopback that yt-dlp must use (--proxy) for every
 * request it makes: the page, each redirect hop, the media, each fragment. Every
 * connection is checked here, when it is made, not only the link up front:
 *  - the exact host:port of an honoured test host (loopback on purpose) goes through;
 *  - anything else must be a public address on port 80 or 443. A name is resolved
 *    here and the connection goes to the address that was checked, so a DNS answer
 *    that changes between check and connect (rebinding) cannot reach a private one;
 *  - a plain-HTTP redirect to a scheme other than http(s) (ftp:, file:) is refused,
 *    since yt-dlp would follow an ftp: redirect without the proxy.
 * HTTPS goes through as a CONNECT tunnel (TLS stays end to end).
 */

export type LookupAll = (hostname: string) => Promise<string[]>;

export interface EgressGuardOptions {
  /** host:port pairs, spelled as URL.host, that may be reached although not public (the link's own test host). */
  allowedHosts: string[];
  /** Ports a public host may be reached on. */
  publicPorts?: number[];
  /** Name resolution (tests stand in a name that resolves to a private address). */
  lookup?: LookupAll;
}

export interface EgressGuard {
  /** "http://127.0.0.1:<port>", for yt-dlp's --proxy. */
  url: string;
  /** Destinations refused, as "host:port (why)". */
  refused: string[];
  /** Destinations allowed but not reached (name not resolved, connection failed). */
  unreachable: string[];
  close(): Promise<void>;
}

type GuardLog = Pick<EgressGuard, "refused" | "unreachable">;
export type Decision = { ok: true; address: string; port: number } | { ok: false; status: 403 | 502; why: string };

const DEFAULT_PUBLIC_PORTS = [80, 443];
// Hop-by-hop headers (RFC 9110 7.6.1) and the proxy's own: never passed on.
const HOP_HEADERS = new Set(["connection", "keep-alive", "proxy-connection", "proxy-authorization", "proxy-authenticate", "te", "trailer", "upgrade"]);

export async function startEgressGuard(opts: EgressGuardOptions): Promise<EgressGuard> {
  const log: GuardLog = { refused: [], unreachable: [] };
  const sockets = new Set<Duplex>();
  const lookup = opts.lookup ?? lookupAll;
  const ports = opts.publicPorts ?? DEFAULT_PUBLIC_PORTS;

  const decide = async (target: URL): Promise<Decision> => {
    const decision = await vetDestination(target, opts.allowedHosts, ports, lookup);
    if (!decision.ok) log[decision.status === 403 ? "refused" : "unreachable"].push(`${target.host} (${decision.why})`);
    return decision;
  };

  // A failure here must never become an unhandled rejection in the worker: the connection is dropped instead.
  const server = http.createServer((req, res) => void forwardPlainHttp(req, res, decide, log).catch(() => res.destroy()));
  server.on("connect", (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    void openTunnel(req, client, head, decide, log, sockets).catch(() => client.destroy());
  });
  server.on("connection", (socket: net.Socket) => track(sockets, socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    ...log,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Where a connection to `target` may go, or why not: the exact allowed host:port
 * as named, else a public address (on one of `publicPorts`, when given) that the
 * caller must connect to instead of resolving the name again.
 */
export async function vetDestination(target: URL, allowedHosts: string[], publicPorts: number[] | null, lookup: LookupAll = lookupAll): Promise<Decision> {
  const hostname = target.hostname.replace(/^\[|\]$/g, "");
  const port = Number(target.port || (target.protocol === "https:" ? 443 : 80));
  if (allowedHosts.includes(target.host)) return { ok: true, address: hostname, port };
  if (publicPorts && !publicPorts.includes(port)) return { ok: false, status: 403, why: `port ${port} not allowed` };
  let addresses: string[];
  try {
    addresses = net.isIP(hostname) ? [hostname] : await lookup(hostname);
  } catch (e) {
    return { ok: false, status: 502, why: `lookup failed: ${(e as NodeJS.ErrnoException).code ?? String(e)}` };
  }
  const blocked = addresses.filter((a) => !isPublicAddress(a));
  // A name with any private address is refused: which one a client would pick is not ours to know.
  if (addresses.length === 0 || blocked.length > 0) return { ok: false, status: 403, why: `not public: ${blocked.join(", ") || "no address"}` };
  // IPv4 first: a host without an IPv6 route would otherwise fail on a name that has both.
  return { ok: true, address: addresses.find((a) => net.isIPv4(a)) ?? addresses[0]!, port };
}

async function lookupAll(hostname: string): Promise<string[]> {
  const results = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return results.map((r) => r.address);
}

/** HTTPS (and anything else tunnelled): CONNECT host:port. */
async function openTunnel(req: http.IncomingMessage, client: Duplex, head: Buffer, decide: (u: URL) => Promise<Decision>, log: GuardLog, sockets: Set<Duplex>) {
  client.on("error", () => client.destroy());
  const target = parseTarget(`http://${req.url ?? ""}`);
  const decision = target ? await decide(target) : ({ ok: false, status: 403, why: "bad target" } as const);
  if (!decision.ok) return void client.end(`HTTP/1.1 ${decision.status} ${decision.status === 403 ? "Forbidden" : "Bad Gateway"}\r\n\r\n`);
  const upstream = track(sockets, net.connect({ host: decision.address, port: decision.port }));
  upstream.once("connect", () => {
    client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on("error", (e: NodeJS.ErrnoException) => {
    if (upstream.readyState !== "opening") return void client.destroy();
    log.unreachable.push(`${target!.host} (${e.code ?? e.message})`);
    client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
  });
  client.on("close", () => upstream.destroy());
}

/** Plain HTTP: the request line carries the absolute URL. */
async function forwardPlainHttp(req: http.IncomingMessage, res: http.ServerResponse, decide: (u: URL) => Promise<Decision>, log: GuardLog) {
  const target = parseTarget(req.url ?? "");
  if (!target || target.protocol !== "http:") return void res.writeHead(400).end();
  const decision = await decide(target);
  if (!decision.ok) return void res.writeHead(decision.status).end();
  const upstream = http.request({
    host: decision.address,
    port: decision.port,
    method: req.method,
    path: `${target.pathname}${target.search}`,
    headers: { ...withoutHopHeaders(req.headers), host: target.host },
    setHost: false,
  });
  upstream.on("response", (answer) => {
    try {
      relayAnswer(answer, res, target, log);
    } catch {
      answer.destroy();
      res.destroy();
    }
  });
  upstream.on("error", (e: NodeJS.ErrnoException) => {
    if (res.headersSent) return void res.destroy();
    log.unreachable.push(`${target.host} (${e.code ?? e.message})`);
    res.writeHead(502).end();
  });
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
}

/** Passes an answer on, except a redirect to a scheme other than http(s). */
function relayAnswer(answer: http.IncomingMessage, res: http.ServerResponse, target: URL, log: GuardLog) {
  const location = answer.headers.location;
  const next = location ? parseTarget(location, target) : null;
  if (location && (!next || (next.protocol !== "http:" && next.protocol !== "https:"))) {
    log.refused.push(`${target.host} redirect to ${location.slice(0, 100)} (scheme not allowed)`);
    answer.destroy();
    return void res.writeHead(403).end();
  }
  res.writeHead(answer.statusCode ?? 502, withoutHopHeaders(answer.headers));
  answer.pipe(res);
}

function parseTarget(text: string, base?: URL): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

function withoutHopHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_HEADERS.has(name)));
}

function track<T extends Duplex>(sockets: Set<Duplex>, socket: T): T {
  sockets.add(socket);
  socket.once("close", () => sockets.delete(socket));
  return socket;
}

/** A lookup that answers the address just vetted, so the connection goes where the check looked (no rebinding). */
export function fixedLookup(address: string): LookupFunction {
  const family = address.includes(":") ? 6 : 4;
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, list: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}
