import "server-only";
import { currentSegments, subscribeLive, type LiveMessage } from "./live-events";
import { decodeProgressOf } from "./decode-progress";
import { findOwnedSession, toSessionJson } from "./sessions";

// GET /api/live/sessions/:id/events: the session's live text, status and limit events as
// server-sent events. On (re)connect it replays the current segments and the status first,
// then forwards what the session's Redis channel carries. A comment line every 15 s keeps
// proxies from closing a quiet stream.

const KEEPALIVE_MS = 15_000;

export async function liveEventStream(userId: string, id: string, signal: AbortSignal): Promise<Response> {
  const row = await findOwnedSession(userId, id);
  const encoder = new TextEncoder();
  let stop: (() => Promise<void>) | null = null;
  let timer: NodeJS.Timeout | null = null;
  const close = () => {
    if (timer) clearInterval(timer);
    timer = null;
    void stop?.();
    stop = null;
  };
  const body = new ReadableStream<Uint8Array>({
    async start(out) {
      const send = (m: LiveMessage) => {
        try {
          out.enqueue(encoder.encode(`event: ${m.event}\ndata: ${JSON.stringify(m.data)}\n\n`));
        } catch {
          close();
        }
      };
      // Subscribe before reading the replay, so nothing published in between is missed.
      stop = await subscribeLive(id, send);
      const session = await toSessionJson(row);
      const progress = await decodeProgressOf(id);
      send({ event: "text", data: { segments: await currentSegments(id) } });
      send({
        event: "status",
        data: { receivedSeq: session.receivedSeq, durationSec: session.durationSec, decodedSec: progress.decodedSec, behindSec: Math.max(0, session.durationSec - progress.decodedSec), state: session.state },
      });
      if (session.stop) send({ event: "limit", data: { reason: session.stop, warning: false } });
      timer = setInterval(() => {
        try {
          out.enqueue(encoder.encode(": keepalive\n\n"));
        } catch {
          close();
        }
      }, KEEPALIVE_MS);
      signal.addEventListener(
        "abort",
        () => {
          close();
          try {
            out.close();
          } catch {
            // already closed
          }
        },
        { once: true },
      );
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-store", "x-accel-buffering": "no", "x-content-type-options": "nosniff" },
  });
}
