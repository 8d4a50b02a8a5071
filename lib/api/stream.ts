import "server-only";
import { translatorFor } from "@/lib/i18n/server";
import { logger } from "@/lib/server/logger";
import { AppError, isAppError, type ErrorKey } from "@/lib/server/errors";
import type { StreamEvent } from "@/lib/server/stream-events";

/**
 * The streamed answers of Ask AI and the flashback review: newline-delimited
 * JSON events (docs/api.md "Streams"). Anything that can be refused is checked
 * before the stream starts, and goes out as the usual envelope; a failure after
 * that becomes an "error" event in the caller's language. When the browser
 * stops the request, `signal` aborts the producer (and its provider call).
 */
export function ndjsonResponse(produce: (signal: AbortSignal) => AsyncIterable<StreamEvent>, opts: { locale: string; signal: AbortSignal }): Response {
  const encoder = new TextEncoder();
  const controller = new AbortController();
  const abort = () => controller.abort();
  opts.signal.addEventListener("abort", abort, { once: true });
  const body = new ReadableStream<Uint8Array>({
    async start(out) {
      const send = (event: StreamEvent) => out.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        // The producer watches the signal itself, so it can keep what it got before the stop.
        for await (const event of produce(controller.signal)) {
          if (!controller.signal.aborted) send(event);
        }
      } catch (error) {
        if (!controller.signal.aborted) send(await errorEvent(error, opts.locale));
      } finally {
        opts.signal.removeEventListener("abort", abort);
        try {
          out.close();
        } catch {
          // the browser has gone already
        }
      }
    },
    cancel() {
      controller.abort();
    },
  });
  return new Response(body, {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no" },
  });
}

async function errorEvent(error: unknown, locale: string): Promise<StreamEvent> {
  let key: ErrorKey = "analysis.providerFailed";
  let params: Record<string, string | number> = {};
  if (isAppError(error)) ({ key, params } = error);
  else logger.warn("stream failed", { error: error instanceof Error ? error.message : String(error) });
  const { t } = await translatorFor(locale);
  return { type: "error", code: new AppError(key).status, key, message: t(`errors.${key}`, params) };
}
