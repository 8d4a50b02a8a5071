import "server-only";
import { Readable } from "node:stream";
import { storage, type Storage } from "./storage";
import { contentDisposition, sanitizeFileName } from "./disposition";
import { extensionFor, OCTET_STREAM, servedMediaType } from "./media-type";

/**
 * Headers of every answer that streams a stored file. The bytes are the user's, so the browser
 * must never treat them as a page or a script of our origin: the type is ours (allow-listed
 * audio/video, else octet-stream), sniffing is off, and should a browser render it anyway the
 * CSP sandbox gives it an opaque origin with no script and no access to our storage.
 */
export const STORED_FILE_CSP = "default-src 'none'; sandbox";

export { contentDisposition, sanitizeFileName } from "./disposition";

/** The headers every stored-file answer carries, from the stored type and a display name. */
export function storedFileHeaders(storedType: string | null | undefined, displayName: string): Record<string, string> {
  const type = servedMediaType(storedType);
  const name = sanitizeFileName(displayName, extensionFor(type));
  return {
    "content-type": type,
    "x-content-type-options": "nosniff",
    "content-security-policy": STORED_FILE_CSP,
    "content-disposition": contentDisposition(type === OCTET_STREAM ? "attachment" : "inline", name),
    "cross-origin-resource-policy": "same-origin",
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
  };
}

/** Streams a stored object as an HTTP answer, honouring a single byte Range (players seek with it). */
export async function serveStored(key: string, file: { type: string | null; name: string }, rangeHeader: string | null, store: Storage = storage()): Promise<Response> {
  const size = await store.size(key);
  const headers = storedFileHeaders(file.type, file.name);
  const m = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader ?? "");
  if (m && (m[1] || m[2])) {
    let start = m[1] ? Number(m[1]) : Math.max(0, size - Number(m[2]));
    let end = m[1] && m[2] ? Math.min(Number(m[2]), size - 1) : size - 1;
    if (!m[1]) end = size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
    }
    start = Math.max(0, start);
    const body = Readable.toWeb(await store.openRead(key, { start, end })) as ReadableStream;
    return new Response(body, { status: 206, headers: { ...headers, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${size}` } });
  }
  const body = Readable.toWeb(await store.openRead(key)) as ReadableStream;
  return new Response(body, { status: 200, headers: { ...headers, "content-length": String(size) } });
}
