"use client";

// THE API client (API contract, error catalogue transport). Same origin, JSON bodies, bearer token
// from local storage (never on share paths), X-Locale header, 15 s timeout and
// the {code, message, data} envelope with success code 200. The rules live in
// api-transport.ts, the error types in api-errors.ts; this module makes the calls.
import type { StreamEvent } from "@/lib/server/stream-events";
import { isOfflineRead, recallRead, rememberRead } from "@/lib/pwa/offline-reads";
import { ApiError, abortError, isAbortError } from "./api-errors";
import {
  API_TIMEOUT_MS,
  buildHeaders,
  buildUrl,
  handleResponse,
  linkSignals,
  message,
  networkFailure,
  timeoutError,
  type Query,
  type RequestOptions,
} from "./api-transport";
import { STORAGE_KEYS, readJson } from "./storage";

export { ApiError, isAbortError, isApiError } from "./api-errors";
export { API_BASE, API_TIMEOUT_MS, SUCCESS_CODE, configureApiClient, type Query, type RequestOptions } from "./api-transport";

export interface UploadOptions extends Omit<RequestOptions, "timeoutMs"> {
  onProgress?: (fraction: number) => void;
  /** HTTP method, POST unless told. */
  method?: "POST" | "PUT";
}

export interface StreamOptions extends RequestOptions {
  /** Called with each piece of text and the text received so far. */
  onChunk?: (chunk: string, full: string) => void;
  /** Called with every event of an NDJSON stream (questions, verdicts, done). */
  onEvent?: (event: StreamEvent) => void;
}

async function request<T>(method: string, path: string, body: unknown, query: Query | undefined, opts: RequestOptions = {}): Promise<T> {
  if (opts.signal?.aborted) throw abortError();
  const hasBody = body !== undefined && method !== "GET";
  const link = linkSignals(opts, opts.timeoutMs ?? API_TIMEOUT_MS);
  let status: number;
  let statusText: string;
  let text: string;
  const url = buildUrl(path, query);
  const offlineUser = offlineReader();
  try {
    const res = await fetch(url, {
      method,
      headers: buildHeaders(path, opts.headers, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: link.signal,
      credentials: "same-origin",
      cache: "no-store",
    });
    status = res.status;
    statusText = res.statusText;
    text = await res.text();
  } catch {
    if (opts.signal?.aborted) throw abortError();
    // Offline: what this user read before. Online, a failed request is the server's (a deployment): the
    // spec's version-update overlay, not a stale copy that would hide it.
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    const kept = offline && offlineUser && method === "GET" && isOfflineRead(url) ? await recallRead(offlineUser, url) : null;
    if (kept !== null) return handleResponse<T>(200, "OK", kept, path, opts);
    if (link.timedOut()) throw timeoutError();
    return networkFailure<T>(opts);
  } finally {
    link.dispose();
  }
  if (offlineUser && method === "GET" && status === 200 && isOfflineRead(url)) void rememberRead(offlineUser, url, text);
  return handleResponse<T>(status, statusText, text, path, opts);
}

/** Whose offline copies a read may keep or use (the signed-in user's id; none when signed out). */
function offlineReader(): string | null {
  return readJson<{ id?: string }>(STORAGE_KEYS.user)?.id ?? null;
}

function upload<T>(path: string, formData: FormData, opts: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (opts.signal?.aborted) return reject(abortError());
    const xhr = new XMLHttpRequest();
    xhr.open(opts.method ?? "POST", buildUrl(path));
    for (const [k, v] of Object.entries(buildHeaders(path, opts.headers, false))) xhr.setRequestHeader(k, v);
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => opts.signal?.removeEventListener("abort", onAbort);
    if (opts.onProgress) {
      const report = opts.onProgress;
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && e.total > 0) report(Math.min(1, e.loaded / e.total));
      };
      xhr.upload.onload = () => report(1);
    }
    xhr.onload = () => {
      done();
      handleResponse<T>(xhr.status, xhr.statusText, xhr.responseText, path, opts).then(resolve, reject);
    };
    xhr.onerror = () => {
      done();
      networkFailure<T>(opts).then(resolve, reject);
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(formData);
  });
}

/**
 * A streamed POST (Ask AI and friends): resolves with the whole text once the
 * stream ends. An empty stream is an error; cancelling rejects with an AbortError.
 * The 15 s timeout covers the wait for the response headers only.
 */
async function stream(path: string, body: unknown, opts: StreamOptions = {}): Promise<string> {
  if (opts.signal?.aborted) throw abortError();
  const link = linkSignals(opts, opts.timeoutMs ?? API_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(buildUrl(path), {
      method: "POST",
      headers: { ...buildHeaders(path, opts.headers, true), Accept: "text/event-stream, text/plain, application/json" },
      body: JSON.stringify(body ?? {}),
      signal: link.signal,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    link.dispose();
    if (opts.signal?.aborted) throw abortError();
    if (link.timedOut()) throw timeoutError();
    return networkFailure<string>(opts);
  }
  link.clearTimer();
  try {
    const type = res.headers.get("content-type") ?? "";
    if (!res.ok || type.includes("application/json")) {
      const text = await res.text();
      const data = await handleResponse<unknown>(res.status, res.statusText, text, path, opts);
      const out = typeof data === "string" ? data : data == null ? "" : JSON.stringify(data);
      if (!out) throw new ApiError(res.status, message("common.transport.emptyStream"), { key: "common.emptyStream", status: res.status });
      opts.onChunk?.(out, out);
      return out;
    }
    if (!res.body) throw new ApiError(res.status, message("common.transport.emptyStream"), { key: "common.emptyStream", status: res.status });
    const ndjson = type.includes("application/x-ndjson");
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let full = "";
    let events = 0;
    let pending = "";
    const onText = (chunk: string) => {
      if (!chunk) return;
      full += chunk;
      opts.onChunk?.(chunk, full);
    };
    // One JSON event per line; "delta" events carry the text, an "error" event ends the stream.
    const onLine = (line: string) => {
      if (!line.trim()) return;
      let event: StreamEvent;
      try {
        event = JSON.parse(line) as StreamEvent;
      } catch {
        throw new ApiError(res.status, message("errors.common.requestFailed"), { status: res.status });
      }
      events++;
      if (event.type === "error") throw new ApiError(event.code, event.message, { key: event.key, status: res.status });
      if (event.type === "delta") onText(event.text);
      opts.onEvent?.(event);
    };
    const feed = (text: string) => {
      if (!ndjson) return onText(text);
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      lines.forEach(onLine);
    };
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      feed(decoder.decode(value, { stream: true }));
    }
    feed(decoder.decode());
    if (ndjson) onLine(pending);
    if (ndjson ? events === 0 : !full) throw new ApiError(res.status, message("common.transport.emptyStream"), { key: "common.emptyStream", status: res.status });
    return full;
  } catch (e) {
    if (opts.signal?.aborted) throw abortError();
    if (e instanceof ApiError) throw e;
    if (isAbortError(e)) throw abortError();
    return networkFailure<string>(opts);
  } finally {
    link.dispose();
  }
}

export const api = {
  get<T>(path: string, query?: Query, opts?: RequestOptions): Promise<T> {
    return request<T>("GET", path, undefined, query, opts);
  },
  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>("POST", path, body, undefined, opts);
  },
  put<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>("PUT", path, body, undefined, opts);
  },
  del<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return request<T>("DELETE", path, body, undefined, opts);
  },
  upload,
  stream,
};

export default api;
