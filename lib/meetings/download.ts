import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fixedLookup, vetDestination } from "@/lib/links/egress-guard";
import { describe, MeetingProviderError, requestOk, type RetryPolicy } from "./http";

export interface DownloadOptions {
  signal?: AbortSignal;
  /** The download stops, and the file is removed, once it passes this size. */
  maxBytes: number;
}

export interface DownloadResult {
  bytes: number;
  contentType: string | null;
}

const WHAT = "download recording";
const MAX_REDIRECTS = 5;

/**
 * Streams a recording to disk chunk by chunk; a failed download leaves no file behind.
 * The link and every redirect hop must be http(s) to a public address (checked when
 * the connection is made, on the address checked), except the provider's own
 * host:port (`providerHost`, which may be loopback in a local setup).
 */
export async function downloadToFile(
  url: string,
  destFile: string,
  opts: DownloadOptions & { timeoutMs: number; retry: RetryPolicy; providerHost?: string },
): Promise<DownloadResult> {
  if (!/^https?:\/\//i.test(url)) throw new MeetingProviderError(`${WHAT}: not an http(s) link`);
  // No Authorization header: media links are pre-signed, the API key must not travel to the
  // storage host, and S3 refuses a request that carries two kinds of authorisation.
  const fetchHop = guardedFetch(opts.providerHost ? [opts.providerHost] : []);
  const res = await requestOk(url, { method: "GET" }, { what: WHAT, timeoutMs: opts.timeoutMs, signal: opts.signal, retry: opts.retry, fetch: fetchHop });
  const declared = Number(res.headers.get("content-length") ?? NaN);
  if (!res.body || declared > opts.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw res.body ? tooLarge(opts.maxBytes) : new MeetingProviderError(`${WHAT}: empty answer`, { status: res.status });
  }
  const bytes = await writeLimited(res.body, destFile, opts);
  return { bytes, contentType: res.headers.get("content-type") };
}

async function writeLimited(body: ReadableStream<Uint8Array>, destFile: string, opts: DownloadOptions): Promise<number> {
  let bytes = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(bytes > opts.maxBytes ? tooLarge(opts.maxBytes) : null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), limit, fs.createWriteStream(destFile));
    if (bytes === 0) throw new MeetingProviderError(`${WHAT}: the recording is empty`);
    return bytes;
  } catch (e) {
    await fsp.rm(destFile, { force: true });
    if (e instanceof MeetingProviderError) throw e;
    if (opts.signal?.aborted) throw opts.signal.reason ?? e; // the caller's cancel, as the caller gave it
    throw new MeetingProviderError(`${WHAT}: broke off after ${bytes} bytes (${describe(e)})`, { retryable: true, cause: e });
  }
}

function tooLarge(maxBytes: number): MeetingProviderError {
  return new MeetingProviderError(`${WHAT}: larger than the ${maxBytes}-byte limit`, { status: null });
}

/** A GET-only fetch that follows redirects itself, vetting each hop before connecting to it. */
function guardedFetch(allowedHosts: string[]): typeof fetch {
  return async (input, init) => {
    let url = new URL(input instanceof Request ? input.url : String(input));
    for (let hop = 0; ; hop++) {
      const res = await getOnce(url, allowedHosts, init?.signal ?? undefined);
      const location = res.headers.get("location");
      if (res.status < 300 || res.status > 399 || !location) return res;
      await res.body?.cancel().catch(() => {});
      if (hop >= MAX_REDIRECTS) throw new MeetingProviderError(`${WHAT}: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(location, url);
    }
  };
}

async function getOnce(url: URL, allowedHosts: string[], signal: AbortSignal | undefined): Promise<Response> {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new MeetingProviderError(`${WHAT}: redirected to a ${url.protocol} link`);
  const decision = await vetDestination(url, allowedHosts, null);
  if (!decision.ok) {
    // A lookup that failed may pass; a private address will not.
    throw new MeetingProviderError(`${WHAT}: ${url.host} refused (${decision.why})`, { retryable: decision.status === 502 });
  }
  // Connect to the address just checked, not to whatever the name resolves to a moment later.
  const lookup = allowedHosts.includes(url.host) ? undefined : fixedLookup(decision.address);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: "GET", signal, lookup }, (msg) => resolve(asResponse(msg)));
    req.once("error", reject);
    req.end();
  });
}

function asResponse(msg: http.IncomingMessage): Response {
  const headers = new Headers();
  for (let i = 0; i + 1 < msg.rawHeaders.length; i += 2) headers.append(msg.rawHeaders[i]!, msg.rawHeaders[i + 1]!);
  const status = msg.statusCode ?? 502;
  const noBody = status === 204 || status === 205 || status === 304;
  if (noBody) msg.resume();
  return new Response(noBody ? null : (Readable.toWeb(msg) as ReadableStream<Uint8Array>), { status, headers });
}
