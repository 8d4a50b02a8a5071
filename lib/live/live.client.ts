"use client";
// Browser calls of live recording (routes under /api/live, see docs/live.md): sessions, raw
// PCM chunks, marks, pause/resume, finish, and the live text stream. Live calls never show the
// "new version" overlay on a network failure: the recorder keeps buffering and retries.
import { api, type RequestOptions } from "@/lib/client/api";
import { ApiError } from "@/lib/client/api-errors";
import { buildHeaders, buildUrl, handleResponse, message } from "@/lib/client/api-transport";
import type { ChunkAck, SendFailure } from "./chunk-queue";
import type { LiveEvents, LiveSegment, LiveSessionJson, LiveSource, LiveStatus } from "./live.types";
import { SseParser } from "./sse";

export type { LiveSource, LiveSegment, LiveStatus };
export type LiveSession = LiveSessionJson;
export type LiveLimit = LiveEvents["limit"];

export interface LiveEventHandlers {
  onText?: (segments: LiveSegment[]) => void;
  onStatus?: (status: LiveStatus) => void;
  onLimit?: (limit: LiveLimit) => void;
  /** The stream broke (it is reopened by the caller). */
  onDrop?: () => void;
}

const enc = encodeURIComponent;
const base = "/api/live/sessions";
const quiet: RequestOptions = { updateOverlay: false };

export const liveApi = {
  create: (body: { source: LiveSource; spokenLanguage: string; title?: string; folderId?: string }) => api.post<LiveSession>(base, body, quiet),
  /** The caller's sessions not ended, newest first: offered for "continue recording" after a reload. */
  open: () => api.get<{ sessions: LiveSession[] }>(base, { open: 1 }, quiet).then((r) => r.sessions),
  get: (id: string) => api.get<LiveSession>(`${base}/${enc(id)}`, undefined, quiet),
  mark: (id: string, atSec: number) => api.post<LiveSession["marks"][number]>(`${base}/${enc(id)}/marks`, { atSec }, quiet),
  pause: (id: string) => api.post<LiveSession>(`${base}/${enc(id)}/pause`, {}, quiet),
  resume: (id: string) => api.post<LiveSession>(`${base}/${enc(id)}/resume`, {}, quiet),
  finish: (id: string, lastSeq: number) => api.post<{ taskId: string }>(`${base}/${enc(id)}/finish`, { lastSeq }, { ...quiet, timeoutMs: 60_000 }),
  discard: (id: string) => api.del<unknown>(`${base}/${enc(id)}`, undefined, quiet),

  /** PUT one chunk of raw PCM s16le. */
  async putChunk(id: string, seq: number, bytes: Uint8Array, signal?: AbortSignal): Promise<ChunkAck> {
    const path = `${base}/${enc(id)}/chunks/${seq}`;
    let res: Response;
    try {
      res = await fetch(buildUrl(path), {
        method: "PUT",
        headers: { ...buildHeaders(path, undefined, false), "Content-Type": "application/octet-stream" },
        body: bytes as BodyInit,
        signal: signal ?? AbortSignal.timeout(20_000),
        credentials: "same-origin",
        cache: "no-store",
      });
    } catch {
      throw new ApiError(0, message("common.transport.network"), { key: "common.network" });
    }
    return handleResponse<ChunkAck>(res.status, res.statusText, await res.text(), path, quiet);
  },

  /**
   * Follows the live events of a session until `signal` aborts. Resolves when the stream
   * ends or breaks (onDrop is called then); the caller reconnects and the server replays
   * the current segments.
   */
  async follow(id: string, handlers: LiveEventHandlers, signal: AbortSignal): Promise<void> {
    const path = `${base}/${enc(id)}/events`;
    try {
      const res = await fetch(buildUrl(path), {
        headers: { ...buildHeaders(path, undefined, false), Accept: "text/event-stream" },
        signal,
        credentials: "same-origin",
        cache: "no-store",
      });
      if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
      const parser = new SseParser();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const m of parser.push(value)) dispatch(m.event, m.data, handlers);
      }
    } catch {
      // Aborted or broken: both end here.
    }
    if (!signal.aborted) handlers.onDrop?.();
  },
};

function dispatch(event: string, data: string, h: LiveEventHandlers): void {
  let payload: unknown;
  try {
    payload = JSON.parse(data);
  } catch {
    return;
  }
  if (event === "text") h.onText?.((payload as { segments: LiveSegment[] }).segments ?? []);
  else if (event === "status") h.onStatus?.(payload as LiveStatus);
  else if (event === "limit") h.onLimit?.(payload as LiveLimit);
}

/** A failed chunk upload: network trouble, timeouts, rate limits and server errors are retried; other refusals are final. */
export function classifySendFailure(error: unknown): SendFailure {
  if (error instanceof ApiError) {
    const status = error.status ?? error.code;
    if (status === 0 || status === 408 || status === 429 || status >= 500) return { retry: true };
    return { retry: false, error };
  }
  return { retry: true };
}

/** The seqs a refused finish names as missing, if that is why it was refused. */
export function missingSeqs(error: unknown): number[] | null {
  if (!(error instanceof ApiError)) return null;
  const missing = (error.data as { missing?: unknown } | undefined)?.missing;
  return Array.isArray(missing) ? missing.filter((n): n is number => Number.isInteger(n)) : null;
}
