// A tiny HTTP server on loopback that hands each request to one route
// handler (Request → handler → Response): real HTTP for real clients (the MCP
// SDK's client) without starting Next.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export async function serveRoute(handlers: Partial<Record<string, Handler>>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const handler = handlers[req.method ?? "GET"];
      if (!handler) {
        res.writeHead(405).end();
        return;
      }
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const init = { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: "half" as const };
      const answer = await handler(new NextRequest(`http://${req.headers.host}${req.url}`, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve({}) });
      // An answer before the whole body was read (413): this connection cannot be reused.
      const close = req.complete ? {} : { connection: "close" };
      res.writeHead(answer.status, { ...Object.fromEntries(answer.headers.entries()), ...close });
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
