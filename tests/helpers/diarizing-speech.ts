// Test-only: OpenAI's diarizing transcription API on loopback, as its reference defines it:
// POST /v1/audio/transcriptions, multipart, with `model`, `response_format=diarized_json`,
// `chunking_strategy`, and the arrays `known_speaker_names[]` / `known_speaker_references[]`
// (data URLs); it answers `{ task, duration, text, segments: [{ type: "transcript.text.segment",
// id, start, end, text, speaker }] }`. Which speaker said what comes from the test (`answer`),
// which knows the recording it built.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { listenOn } from "./ports";

export interface DiarizingRequest {
  /** Every text field; repeated fields (the `[]` arrays) as arrays. */
  fields: Record<string, string | string[]>;
  file: Buffer;
}

export type DiarizedSegment = { start: number; end: number; text: string; speaker: string };

export interface DiarizingSpeech {
  url: string;
  requests: DiarizingRequest[];
  answer: (req: DiarizingRequest) => DiarizedSegment[];
  close(): Promise<void>;
}

export async function startDiarizingSpeech(port = 0): Promise<DiarizingSpeech> {
  const state: DiarizingSpeech = { url: "", requests: [], answer: () => [], close: async () => undefined };
  const server = http.createServer(async (req, res) => {
    try {
      const form = await new Request("http://loopback", { method: "POST", headers: req.headers as Record<string, string>, body: Readable.toWeb(req) as ReadableStream, duplex: "half" } as RequestInit).formData();
      const fields: Record<string, string | string[]> = {};
      for (const [k, v] of form.entries()) {
        if (typeof v !== "string") continue;
        if (k.endsWith("[]")) fields[k] = [...((fields[k] as string[] | undefined) ?? []), v];
        else fields[k] = v;
      }
      const request = { fields, file: Buffer.from(await (form.get("file") as Blob).arrayBuffer()) };
      state.requests.push(request);
      if (fields.response_format !== "diarized_json") throw new Error(`this server answers diarized_json only, asked ${String(fields.response_format)}`);
      const segments = state.answer(request).map((s, i) => ({ type: "transcript.text.segment", id: `seg_${i}`, ...s }));
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ task: "transcribe", duration: segments.at(-1)?.end ?? 0, text: segments.map((s) => s.text).join(" "), segments, usage: { type: "duration", seconds: 1 } }));
    } catch (e) {
      res.statusCode = 400;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ error: { message: String(e), type: "invalid_request_error" } }));
    }
  });
  await listenOn(server, port);
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return state;
}
