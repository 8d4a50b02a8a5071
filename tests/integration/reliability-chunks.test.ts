import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { wavHeader } from "@/lib/media/wav";
import { storageChunkCache } from "@/lib/speech/chunk-cache";
import { transcribeLong } from "@/lib/speech/long";
import { openAiEngine } from "@/lib/speech/openai";
import { setupTestDatabase } from "@/tests/helpers/db";
import { CORPUS } from "@/tests/helpers/api";

// A long recording goes to a paid speech API in chunks. When one chunk fails,
// the retry must send only the chunks that have no transcript yet: the others'
// answers are kept in storage (lib/speech/chunk-cache.ts), keyed by task, chunk
// index, audio hash and engine.
jest.setTimeout(60_000);

let server: http.Server;
let port = 0;
let requests = 0;
let failOn: number | null = null;
let dir: string;
let wav: string;

beforeAll(async () => {
  await setupTestDatabase(); // for DATA_DIR and the storage root of this file
  server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests++;
      res.setHeader("content-type", "application/json");
      if (failOn === requests) {
        res.statusCode = 503;
        return res.end(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }));
      }
      res.end(JSON.stringify({ language: "english", duration: 10, text: `chunk answer ${requests}`, segments: [{ start: 0.5, end: 2, text: `words ${requests}` }] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as { port: number }).port;
  // About a minute of speech with pauses: the JFK clip five times.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chunks-"));
  const one = path.join(dir, "jfk.wav");
  await normalizeToWav(path.join(CORPUS, "single/en_jfk.wav"), one);
  const { samples } = await readWavPcm(one);
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), i * 2);
  wav = path.join(dir, "long.wav");
  fs.writeFileSync(wav, Buffer.concat([wavHeader(pcm.length * 5, 16000, 1), pcm, pcm, pcm, pcm, pcm]));
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

function transcribe(cacheFolder: string) {
  const engine = openAiEngine({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "sk-loopback", model: "whisper-loopback", maxRetries: 0 });
  return transcribeLong(wav, {
    engine,
    parallelism: 1,
    chunking: { targetChunkSec: 10, maxChunkSec: 14 },
    workDir: path.join(dir, "work"),
    cache: storageChunkCache(`media/u1/${cacheFolder}/speech-chunks`, path.join(dir, "results")),
  });
}

it("a retry after a failed chunk sends only the chunks without a transcript", async () => {
  // A clean run tells how many chunks the recording has.
  requests = 0;
  const clean = await transcribe("clean");
  const chunks = requests;
  expect(chunks).toBeGreaterThanOrEqual(4);
  expect(clean.segments).toHaveLength(chunks);

  // The third chunk fails once.
  requests = 0;
  failOn = 3;
  await expect(transcribe("task-a")).rejects.toThrow(/503/);
  expect(requests).toBe(3);

  // The retry asks only for the third chunk onwards: the first two are read back.
  requests = 0;
  failOn = null;
  const retried = await transcribe("task-a");
  expect(requests).toBe(chunks - 2);
  expect(retried.segments).toHaveLength(chunks);
  expect(retried.segments.map((s) => s.begin)).toEqual(clean.segments.map((s) => s.begin));
  expect(retried.segments.slice(0, 2).map((s) => s.text)).toEqual(["words 1", "words 2"]);

  // A third run of the same task sends nothing at all.
  requests = 0;
  await transcribe("task-a");
  expect(requests).toBe(0);
});
