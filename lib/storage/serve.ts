import "server-only";
import { Readable } from "node:stream";
import { storage } from "./storage";

/** Streams a stored object as an HTTP answer, honouring a single byte Range (players seek with it). */
export async function serveStored(key: string, mime: string, rangeHeader: string | null): Promise<Response> {
  const size = await storage().size(key);
  const headers: Record<string, string> = { "content-type": mime, "accept-ranges": "bytes", "cache-control": "private, max-age=3600" };
  const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? "");
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
    let end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (!m[1]) end = size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    }
    start = Math.max(0, start);
    const body = Readable.toWeb(await storage().openRead(key, { start, end })) as ReadableStream;
    return new Response(body, { status: 206, headers: { ...headers, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${size}` } });
  }
  const body = Readable.toWeb(await storage().openRead(key)) as ReadableStream;
  return new Response(body, { status: 200, headers: { ...headers, "content-length": String(size) } });
}
