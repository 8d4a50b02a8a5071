// Calls a route handler with a body of any bytes or an endless stream: what a
// hostile client can send, which tests/helpers/api.ts (JSON and FormData) cannot.
import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export interface RawAnswer {
  status: number;
  headers: Headers;
  code: number;
  message: string;
  data: Record<string, unknown> | null;
}

export async function rawCall(
  handler: Handler,
  opts: { body: BodyInit | ReadableStream<Uint8Array>; contentType: string; token?: string; headers?: Record<string, string>; params?: Record<string, string> },
): Promise<RawAnswer> {
  const headers: Record<string, string> = { "x-locale": "en", "content-type": opts.contentType, ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const init = { method: "POST", headers, body: opts.body, duplex: "half" as const };
  const req = new NextRequest("http://localhost:3000/api/test", init as ConstructorParameters<typeof NextRequest>[1]);
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const parsed = (await res.json()) as { code: number; message: string; data: Record<string, unknown> | null };
  return { status: res.status, headers: res.headers, ...parsed };
}

/**
 * A body that never ends: `head`, then `chunk` again and again. `pulled()` says
 * how many bytes the server asked for, to show that it stopped reading.
 */
export function endlessBody(head: Uint8Array, chunk: Uint8Array): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let sent = 0;
  let first = true;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = first ? head : chunk;
      first = false;
      sent += next.byteLength;
      controller.enqueue(next);
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, pulled: () => sent, cancelled: () => cancelled };
}

/** Every file under `dir` (relative paths), or [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
