// A stand-in web process for the live recording tests: the real live route handlers behind a
// plain HTTP server, in a process of its own (its own Prisma client, Redis connection and
// storage driver), so a test can kill it mid-recording and start another.
//   node --conditions=react-server --import tsx tests/helpers/live-web-process.ts   (PORT=...)
import http from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { PUT as putChunk } from "@/app/api/live/sessions/[id]/chunks/[seq]/route";
import { GET as getSession } from "@/app/api/live/sessions/[id]/route";
import { POST as mark } from "@/app/api/live/sessions/[id]/marks/route";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

const routes: { method: string; pattern: RegExp; names: string[]; handler: Handler }[] = [
  { method: "PUT", pattern: /^\/api\/live\/sessions\/([^/]+)\/chunks\/(\d+)$/, names: ["id", "seq"], handler: putChunk },
  { method: "GET", pattern: /^\/api\/live\/sessions\/([^/]+)$/, names: ["id"], handler: getSession },
  { method: "POST", pattern: /^\/api\/live\/sessions\/([^/]+)\/marks$/, names: ["id"], handler: mark },
];

http
  .createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
      const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
      if (!route) return void res.writeHead(404).end();
      const m = route.pattern.exec(url.pathname)!;
      const params = Object.fromEntries(route.names.map((n, i) => [n, m[i + 1]!]));
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const hasBody = req.method !== "GET";
      const init = { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: "half" as const };
      const answer = await route.handler(new NextRequest(url, init as ConstructorParameters<typeof NextRequest>[1]), { params: Promise.resolve(params) });
      res.writeHead(answer.status, Object.fromEntries(answer.headers.entries()));
      res.end(Buffer.from(await answer.arrayBuffer()));
    })().catch((e: unknown) => res.writeHead(500).end(String(e)));
  })
  .listen(Number(process.env.PORT), "127.0.0.1", () => process.stdout.write("ready\n"));
