// Calling the live recording routes from tests: sessions, raw PCM chunks, and a test tone
// whose every chunk is different, so a gap or a duplicate in the assembled WAV shows.
import { NextRequest } from "next/server";
import { POST as createRoute, GET as listRoute } from "@/app/api/live/sessions/route";
import { GET as getRoute, DELETE as deleteRoute } from "@/app/api/live/sessions/[id]/route";
import { PUT as chunkRoute } from "@/app/api/live/sessions/[id]/chunks/[seq]/route";
import { POST as finishRoute } from "@/app/api/live/sessions/[id]/finish/route";
import { POST as markRoute } from "@/app/api/live/sessions/[id]/marks/route";
import { POST as pauseRoute } from "@/app/api/live/sessions/[id]/pause/route";
import { POST as resumeRoute } from "@/app/api/live/sessions/[id]/resume/route";
import { GET as eventsRoute } from "@/app/api/live/sessions/[id]/events/route";
import type { LiveChunkAnswer, LiveEvents, LiveSegment, LiveSessionJson } from "@/lib/live/live.types";
import { call, type Answer } from "./api";

export const createLive = (token: string, json: Record<string, unknown> = { source: "mic", spokenLanguage: "en" }) => call<LiveSessionJson & { error?: string }>(createRoute, { token, json });
export const listLive = (token: string) => call<{ sessions: LiveSessionJson[] }>(listRoute, { token, query: { open: "1" } });
export const getLive = (token: string, id: string) => call<LiveSessionJson & { error?: string }>(getRoute, { token, params: { id } });
export const deleteLive = (token: string, id: string) => call<{ deleted?: string; error?: string }>(deleteRoute, { token, method: "DELETE", params: { id } });
export const finishLive = (token: string, id: string, lastSeq: number) => call<{ taskId?: string; error?: string; missing?: number[] }>(finishRoute, { token, params: { id }, json: { lastSeq } });
export const markLive = (token: string, id: string, atSec: number) => call<{ id: string; atSec: number; error?: string }>(markRoute, { token, params: { id }, json: { atSec } });
export const pauseLive = (token: string, id: string) => call<LiveSessionJson>(pauseRoute, { token, params: { id } });
export const resumeLive = (token: string, id: string) => call<LiveSessionJson>(resumeRoute, { token, params: { id } });

/** PUT one chunk of raw PCM through the route, as the browser does. */
export async function putLiveChunk(token: string, id: string, seq: number, pcm: Buffer): Promise<Answer<LiveChunkAnswer & { error?: string }>> {
  const req = new NextRequest(`http://localhost:3000/api/live/sessions/${id}/chunks/${seq}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream", "x-locale": "en" },
    body: new Uint8Array(pcm),
  });
  const res = await chunkRoute(req, { params: Promise.resolve({ id, seq: String(seq) }) });
  const body = (await res.json()) as { code: number; message: string; data: LiveChunkAnswer & { error?: string } };
  return { status: res.status, ...body };
}

/** Chunk `seq` of a test signal: `seconds` of a tone whose pitch depends on seq (every chunk's bytes differ). */
export function toneChunk(seq: number, seconds = 0.5, rate = 16000): Buffer {
  const n = Math.round(seconds * rate);
  const out = Buffer.alloc(n * 2);
  const hz = 220 + 37 * seq;
  for (let i = 0; i < n; i++) out.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * hz * (seq * n + i)) / rate)), i * 2);
  return out;
}

export interface Seen {
  at: number;
  segment: LiveSegment;
}

/** Reads the SSE route's stream as the browser does, collecting text and status events until `stop` aborts it. */
export async function readLiveEvents(token: string, id: string, stop: AbortSignal, seen: Seen[], status: LiveEvents["status"][]) {
  const req = new NextRequest(`http://localhost:3000/api/live/sessions/${id}/events`, { headers: { authorization: `Bearer ${token}`, "x-locale": "en" }, signal: stop });
  const res = await eventsRoute(req, { params: Promise.resolve({ id }) });
  if (!(res.headers.get("content-type") ?? "").includes("text/event-stream")) throw new Error(`not an event stream: ${res.status}`);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  stop.addEventListener("abort", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const step = await reader.read().catch(() => ({ done: true as const, value: undefined }));
    if (step.done) return;
    pending += decoder.decode(step.value, { stream: true });
    let cut: number;
    while ((cut = pending.indexOf("\n\n")) >= 0) {
      const block = pending.slice(0, cut);
      pending = pending.slice(cut + 2);
      const event = /^event: (\w+)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === "text" && data) for (const segment of (JSON.parse(data) as LiveEvents["text"]).segments) seen.push({ at: Date.now(), segment });
      if (event === "status" && data) status.push(JSON.parse(data) as LiveEvents["status"]);
    }
  }
}

/**
 * A whole recording's chunks stored at once (as a browser that resends after a drop), with the session's event
 * stream open: what a test of the live engine starts from. `decoded(sec)` waits until the engine says it has
 * heard that much; `finals()` are the utterances' last versions, in time order.
 */
export async function storedRecording(token: string, pcm: Buffer) {
  const session = (await createLive(token, { source: "mic", spokenLanguage: "en" })).data;
  const chunkBytes = session.chunkSeconds * 32000;
  const chunks = Math.ceil(pcm.length / chunkBytes);
  for (let seq = 0; seq < chunks; seq++) {
    const put = await putLiveChunk(token, session.id, seq, pcm.subarray(seq * chunkBytes, (seq + 1) * chunkBytes));
    if (put.code !== 200) throw new Error(`chunk ${seq} refused: ${put.message}`);
  }
  const stopEvents = new AbortController();
  const seen: Seen[] = [];
  const status: LiveEvents["status"][] = [];
  const events = readLiveEvents(token, session.id, stopEvents.signal, seen, status);
  return {
    session,
    lastSeq: chunks - 1,
    recordedSec: pcm.length / 32000,
    seen,
    status,
    async decoded(sec: number, timeoutMs = 30_000) {
      for (const until = Date.now() + timeoutMs; Date.now() < until && !status.some((s) => s.decodedSec >= sec - 1e-6); ) await new Promise((r) => setTimeout(r, 25));
    },
    finals(): LiveSegment[] {
      const last = new Map<string, LiveSegment>();
      for (const s of seen) if (s.segment.final) last.set(s.segment.id, s.segment);
      return [...last.values()].sort((a, b) => a.startSec - b.startSec);
    },
    async close() {
      stopEvents.abort();
      await events;
    },
  };
}
