import "server-only";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
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

/** Streams a recording to disk chunk by chunk; a failed download leaves no file behind. */
export async function downloadToFile(
  url: string,
  destFile: string,
  opts: DownloadOptions & { timeoutMs: number; retry: RetryPolicy },
): Promise<DownloadResult> {
  if (!/^https?:\/\//i.test(url)) throw new MeetingProviderError(`${WHAT}: not an http(s) link`);
  // No Authorization header: media links are pre-signed, the API key must not travel to the
  // storage host, and S3 refuses a request that carries two kinds of authorisation.
  const res = await requestOk(url, { method: "GET" }, { what: WHAT, timeoutMs: opts.timeoutMs, signal: opts.signal, retry: opts.retry });
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
    if (e instanceof MeetingProviderError || opts.signal?.aborted) throw e;
    throw new MeetingProviderError(`${WHAT}: broke off after ${bytes} bytes (${describe(e)})`, { retryable: true, cause: e });
  }
}

function tooLarge(maxBytes: number): MeetingProviderError {
  return new MeetingProviderError(`${WHAT}: larger than the ${maxBytes}-byte limit`, { status: null });
}
