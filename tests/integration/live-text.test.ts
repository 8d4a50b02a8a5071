import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLiveDecoding } from "@/lib/live/live-runner";
import type { LiveEvents } from "@/lib/live/live.types";
import { pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { readManifest } from "@/bench/lib/corpus";
import { wer } from "@/bench/lib/wer";
import { setupTestDatabase } from "@/tests/helpers/db";
import { createLive, finishLive, putLiveChunk, readLiveEvents, storedRecording, type Seen } from "@/tests/helpers/live";
import { signIn } from "@/tests/helpers/users";

// Live text end to end: a corpus clip with a reference text goes in chunk by chunk at real time
// through the chunk route; the live engine (run here as the worker runs it) publishes through
// Redis; the browser's event stream (the SSE route) shows partial words before each utterance
// closes, and the final live text's word error rate is within reason of the full-quality pass.

let user: Awaited<ReturnType<typeof signIn>>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "live-text-"));
beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("live");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a corpus clip fed at real time: partial words before each utterance ends, final live text near the full pass", async () => {
  const clip = readManifest().find((c) => c.file === "single/en_jfk.wav")!;
  const wav = path.join(dir, "clip.wav");
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", clip.path, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", wav]);
  const pcm = fs.readFileSync(wav).subarray(44);
  const session = (await createLive(user.token, { source: "mic", spokenLanguage: "en" })).data;
  const chunkBytes = session.chunkSeconds * 32000;
  const stopEvents = new AbortController();
  const seen: Seen[] = [];
  const status: LiveEvents["status"][] = [];
  const events = readLiveEvents(user.token, session.id, stopEvents.signal, seen, status);
  const stopDecoder = new AbortController();
  const decoding = runLiveDecoding(session.id, stopDecoder.signal);

  const started = Date.now();
  const chunks = Math.ceil(pcm.length / chunkBytes);
  for (let seq = 0; seq < chunks; seq++) {
    // A chunk leaves the browser when its audio has been recorded.
    const due = started + (seq + 1) * session.chunkSeconds * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    expect((await putLiveChunk(user.token, session.id, seq, pcm.subarray(seq * chunkBytes, (seq + 1) * chunkBytes))).code).toBe(200);
  }
  // The engine catches up with what was stored, then the recording ends.
  const recorded = pcm.length / 32000;
  for (let i = 0; i < 120 && !status.some((s) => s.decodedSec >= recorded - 1e-6); i++) await new Promise((r) => setTimeout(r, 250));
  expect((await finishLive(user.token, session.id, chunks - 1)).code).toBe(200);
  const result = await decoding;
  stopEvents.abort();
  await events;
  stopDecoder.abort();
  expect(result).toMatchObject({ decodedSec: recorded });

  const finals = new Map<string, Seen>();
  for (const s of seen) if (s.segment.final && !finals.has(s.segment.id)) finals.set(s.segment.id, s);
  const liveText = [...finals.values()].sort((a, b) => a.segment.startSec - b.segment.startSec).map((s) => s.segment.text).join(" ");
  // Partial words came before their utterance closed, for every utterance with words.
  const withWords = [...finals.values()].filter((f) => f.segment.text);
  expect(withWords.length).toBeGreaterThan(0);
  for (const f of withWords) expect(seen.some((s) => !s.segment.final && s.segment.id === f.segment.id && s.at < f.at && s.segment.text)).toBe(true);
  // Segment times sit within the clip.
  for (const f of withWords) expect(f.segment.endSec).toBeLessThanOrEqual(recorded + 1e-6);

  const full = await pocketsphinxEngine().transcribe(wav, { language: "en" });
  const liveWer = wer(clip.reference, liveText);
  const fullText = full.segments.map((s) => s.text).join(" ");
  const fullWer = wer(clip.reference, fullText);
  console.log(`live text: "${liveText}" WER ${liveWer.toFixed(2)}; full pass: "${fullText}" WER ${fullWer.toFixed(2)}`);
  expect(liveWer).toBeLessThanOrEqual(fullWer + 0.3);
}, 240_000);

test("a decoder stopped mid-recording (a worker restart) resumes where it left off: no words lost, none repeated", async () => {
  const clip = readManifest().find((c) => c.file === "single/en_jfk.wav")!;
  const wav = path.join(dir, "restart.wav");
  execFileSync("ffmpeg", ["-loglevel", "error", "-y", "-i", clip.path, "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", wav]);
  const pcm = fs.readFileSync(wav).subarray(44);
  const rec = await storedRecording(user.token, pcm);
  const { session, recordedSec: recorded, status } = rec;

  // The first worker decodes about half, then stops (as a worker restarting aborts its jobs).
  const first = new AbortController();
  const firstRun = runLiveDecoding(session.id, first.signal);
  await rec.decoded(recorded / 2, 10_000);
  first.abort();
  await firstRun;
  const stoppedAt = Math.max(...status.map((s) => s.decodedSec));
  expect(stoppedAt).toBeLessThan(recorded);

  // The next worker picks the session up from the stored progress.
  const second = new AbortController();
  const secondRun = runLiveDecoding(session.id, second.signal);
  await rec.decoded(recorded);
  expect((await finishLive(user.token, session.id, rec.lastSeq)).code).toBe(200);
  await secondRun;
  second.abort();
  await rec.close();

  const ordered = rec.finals();
  // Nothing repeated: the utterance open at the stop was decoded again under its own id, and the final
  // utterances follow one another, overlapping at most by the one chunk of lead-in each one starts with.
  expect(ordered.filter((s) => s.startSec < stoppedAt && s.endSec > stoppedAt).length).toBeLessThanOrEqual(1);
  for (let k = 1; k < ordered.length; k++) expect(ordered[k]!.startSec).toBeGreaterThanOrEqual(ordered[k - 1]!.endSec - session.chunkSeconds - 0.05);
  // Nothing lost: the text is as good as the uninterrupted full pass's.
  const liveText = ordered.map((s) => s.text).join(" ");
  const full = await pocketsphinxEngine().transcribe(wav, { language: "en" });
  const fullWer = wer(clip.reference, full.segments.map((s) => s.text).join(" "));
  console.log(`after a restart at ${stoppedAt.toFixed(1)} s: "${liveText}" WER ${wer(clip.reference, liveText).toFixed(2)} (full pass ${fullWer.toFixed(2)})`);
  expect(wer(clip.reference, liveText)).toBeLessThanOrEqual(fullWer + 0.3);
  expect(ordered[ordered.length - 1]!.endSec).toBeGreaterThan(recorded - 2);
}, 240_000);
