// Test-only: a loopback OpenAI-compatible speech API (POST /v1/audio/transcriptions)
// that hears the JFK sentence in whatever it is sent, after a delay, so a worker
// can be caught (and killed) while it waits on it. Used by the drills, and to see which
// multipart fields (model, language, prompt...) a request carried.
import http from "node:http";
import Busboy from "busboy";
import type { AddressInfo } from "node:net";
import { listenOn } from "./ports";

export const SPOKEN = "And so my fellow Americans ask not what your country can do for you";

export interface FakeSpeech {
  url: string;
  requests: number;
  /** Each request's multipart fields other than the file, in arrival order. */
  fields: Record<string, string>[];
  /** Answer after a random delay between these bounds (ms). */
  delayMs: [number, number];
  /** What it hears (verbose_json's language name and one segment's text): the JFK sentence unless a test says. */
  reply: { language: string; text: string };
  close(): Promise<void>;
}

export async function startFakeSpeech(port = 0, delayMs: [number, number] = [200, 1500]): Promise<FakeSpeech> {
  const state: FakeSpeech = { url: "", requests: 0, fields: [], delayMs, reply: { language: "english", text: SPOKEN }, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const fields: Record<string, string> = {};
    let form: Busboy.Busboy | null = null;
    try {
      form = Busboy({ headers: req.headers });
      form.on("field", (name, value) => (fields[name] = value));
      form.on("file", (_name, stream) => stream.resume());
      form.on("error", () => undefined);
    } catch {
      // Not multipart: counted all the same.
    }
    req.on("data", (chunk: Buffer) => form?.write(chunk));
    req.on("end", () => {
      form?.end();
      state.requests++;
      state.fields.push(fields);
      const [lo, hi] = state.delayMs;
      setTimeout(() => {
        if (res.destroyed) return;
        res.setHeader("content-type", "application/json");
        const { language, text } = state.reply;
        res.end(JSON.stringify({ task: "transcribe", language, duration: 11, text, segments: [{ id: 0, start: 0.3, end: 10.6, text: ` ${text}` }] }));
      }, lo + Math.random() * (hi - lo));
    });
  });
  await listenOn(server, port);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
