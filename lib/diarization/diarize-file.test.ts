import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { wavHeader } from "@/lib/media/wav";
import { diarize } from "./diarize";
import { diarizeWavOffThread } from "./diarize-file";

// Diarization of a long recording must not block the worker's event loop: BullMQ
// renews the job's lock from it, and a lock that lapses lets a second worker
// pick the same recording up.
jest.setTimeout(180_000);
const CORPUS = path.resolve(process.cwd(), "../shared/corpus");
let dir: string;
let short: string;
let long: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "diarize-file-"));
  short = path.join(dir, "two-speakers.wav");
  await normalizeToWav(path.join(CORPUS, "multi/pyannote_debug_dev00.wav"), short);
  // About 8 minutes: the two-speaker recording repeated.
  const { samples } = await readWavPcm(short);
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), i * 2);
  const copies = Math.ceil((8 * 60) / (samples.length / 16000));
  long = path.join(dir, "long.wav");
  fs.writeFileSync(long, Buffer.concat([wavHeader(pcm.length * copies, 16000, 1), ...Array.from({ length: copies }, () => pcm)]));
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("gives the same turns as diarizing in this process", async () => {
  const { samples, sampleRate } = await readWavPcm(short);
  const here = diarize(samples, sampleRate, {});
  const off = await diarizeWavOffThread(short, {});
  expect(off.turns).toEqual(here);
  expect(off.durationSec).toBeCloseTo(samples.length / sampleRate, 3);
});

it("keeps the event loop responsive while a long recording is diarized", async () => {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = Date.now();
  const result = await diarizeWavOffThread(long, {});
  lag.disable();
  const tookMs = Date.now() - started;
  expect(result.durationSec).toBeGreaterThan(8 * 60 - 1);
  expect(result.turns.length).toBeGreaterThan(10);
  // The diarization itself takes seconds of CPU; the loop never waits more than a fraction of that.
  expect(tookMs).toBeGreaterThan(1_000);
  expect(lag.max / 1e6).toBeLessThan(250);
});

it("is killed when its signal aborts", async () => {
  const controller = new AbortController();
  const pending = diarizeWavOffThread(long, {}, controller.signal);
  setTimeout(() => controller.abort(new Error("cancelled")), 300);
  await expect(pending).rejects.toThrow("cancelled");
});
