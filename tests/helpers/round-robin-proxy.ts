import http from "node:http";
import net from "node:net";
import { listenOn } from "./ports";

/** One request (or websocket) the proxy passed on, and to which backend. */
export interface ProxiedRequest {
  backend: number;
  method: string;
  path: string;
  websocket: boolean;
}

export interface RoundRobinProxy {
  url: string;
  log: ProxiedRequest[];
  close: () => Promise<void>;
}

/**
 * A load balancer on loopback, as in front of several web machines (docs/deploy.md): each
 * request and each websocket goes to the next backend in turn, so consecutive requests of one
 * browser land on different processes; `route` may pin some paths to a backend instead.
 * Adds X-Forwarded-For as a real proxy does (the app trusts it with TRUST_PROXY=1).
 */
export async function startRoundRobinProxy(opts: { port: number; backends: string[]; route?: (req: http.IncomingMessage) => number | undefined }): Promise<RoundRobinProxy> {
  const targets = opts.backends.map((b) => new URL(b));
  const log: ProxiedRequest[] = [];
  let turn = 0;
  const pick = (req: http.IncomingMessage, websocket: boolean) => {
    const backend = opts.route?.(req) ?? turn++ % targets.length;
    log.push({ backend, method: req.method ?? "GET", path: req.url ?? "/", websocket });
    return targets[backend]!;
  };
  const forwardedHeaders = (req: http.IncomingMessage) => ({ ...req.headers, "x-forwarded-for": req.socket.remoteAddress ?? "127.0.0.1" });

  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    const target = pick(req, false);
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: forwardedHeaders(req) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  });
  // Websockets (the co-editing socket): the handshake and then the raw bytes both ways.
  server.on("upgrade", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = pick(req, true);
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(forwardedHeaders(req)).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}: ${x}`) : v === undefined ? [] : [`${k}: ${v}`]));
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on("error", end);
    client.on("error", end);
  });
  await listenOn(server, opts.port);
  return {
    url: `http://127.0.0.1:${opts.port}`,
    log,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        for (const s of sockets) s.destroy();
        server.close(() => done());
      }),
  };
}
