import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { wavHeader } from "@/lib/media/wav";
import { transcribeLong } from "@/lib/speech/long";
import { pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { CORPUS } from "@/tests/helpers/api";

// The progress a user sees while speech is recognised (the pipeline shows 5 + 80 × the
// fraction). It sat at 5 % for a whole decode and then jumped: a short recording is one
// chunk, and chunks only counted when they ended. Here the real decoder transcribes about
// two minutes of the corpus's English clips, alone and then beside two other users' work.
jest.setTimeout(300_000);

let dir: string;
let recording: string;
let short: string;
let recordingSec: number;

/** The clips one after another, half a second of silence between them, as one 16 kHz WAV. */
async function joinClips(files: string[], name: string): Promise<string> {
  const parts: Buffer[] = [];
  for (const f of files) {
    const out = path.join(dir, `${path.basename(f)}.wav`);
    await normalizeToWav(path.join(CORPUS, f), out);
    const { samples } = await readWavPcm(out);
    const pcm = Buffer.alloc(samples.length * 2);
    for (let i = 0; i < samples.length; i++) pcm.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768))), i * 2);
    parts.push(pcm, Buffer.alloc(16000));
  }
  const bytes = parts.reduce((n, b) => n + b.length, 0);
  const wav = path.join(dir, name);
  fs.writeFileSync(wav, Buffer.concat([wavHeader(bytes, 16000, 1), ...parts]));
  return wav;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "progress-"));
  const singles = fs
    .readdirSync(path.join(CORPUS, "single"))
    .filter((f) => f.endsWith(".wav"))
    .sort()
    .map((f) => `single/${f}`);
  recording = await joinClips(singles, "two-minutes.wav");
  recordingSec = (await readWavPcm(recording)).samples.length / 16000;
  short = await joinClips(["single/en_jfk.wav", "single/en_LJ001-0001.wav"], "short.wav");
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Report = { atMs: number; percent: number };

async function transcribeWatching(wav: string, userId: string, signal?: AbortSignal): Promise<{ reports: Report[]; endMs: number; words: number }> {
  const started = performance.now();
  const reports: Report[] = [];
  const result = await transcribeLong(wav, {
    engine: pocketsphinxEngine(),
    workDir: path.join(dir, `work-${userId}`),
    claim: { userId, taskId: `task-${userId}`, weight: 1 },
    signal,
    // As lib/tasks/pipeline.ts shows it.
    onProgress: (fraction) => reports.push({ atMs: performance.now() - started, percent: 5 + fraction * 80 }),
  });
  return { reports, endMs: performance.now() - started, words: result.segments.reduce((n, s) => n + s.text.split(/\s+/).length, 0) };
}

function expectSteadyProgress({ reports }: { reports: Report[] }) {
  const percents = reports.map((r) => r.percent);
  // Strictly increasing, from 5 % to 85 %.
  for (let i = 1; i < percents.length; i++) expect(percents[i]!).toBeGreaterThan(percents[i - 1]!);
  expect(percents[0]).toBe(5);
  expect(percents.at(-1)).toBe(85);
  const between = percents.filter((p) => p > 5 && p < 85);
  return { between, gaps: reports.slice(1).map((r, i) => r.atMs - reports[i]!.atMs) };
}

test("about two minutes of speech: the bar moves every few seconds, not only at the end", async () => {
  expect(recordingSec).toBeGreaterThan(110);
  expect(recordingSec).toBeLessThan(150);
  const run = await transcribeWatching(recording, "alone");
  expect(run.words).toBeGreaterThan(100); // it really was recognised
  const { between, gaps } = expectSteadyProgress(run);
  expect(between.length).toBeGreaterThanOrEqual(10);
  // Once decoding started, never still for long (reports come about once a second; a chunk past its estimate waits at 90 %).
  const longestGapSec = Math.max(...gaps) / 1000;
  expect(longestGapSec).toBeLessThan(Math.max(8, (run.endMs / 1000) * 0.25));
});

test("one short chunk beside two other users' long work still moves while it decodes", async () => {
  const stopOthers = new AbortController();
  const others = ["other-1", "other-2"].map((u) => transcribeWatching(recording, u, stopOthers.signal).catch(() => null));
  await new Promise((r) => setTimeout(r, 1000)); // their chunks hold both slots
  const run = await transcribeWatching(short, "newcomer");
  // The others' work is not what this test is about: stopped rather than waited for.
  stopOthers.abort();
  await Promise.all(others);
  const { between } = expectSteadyProgress(run);
  // Before, the one chunk reported 5 % and then 85 %: nothing in between.
  expect(between.length).toBeGreaterThanOrEqual(3);
});
