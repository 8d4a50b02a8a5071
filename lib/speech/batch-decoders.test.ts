// Reused pocketsphinx decoders (batch-decoders.ts) against the real Debian pocketsphinx_batch.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { batchDecoderCpuSec, batchDecodersSpawned, closeBatchDecoders, decodeWithBatch, parseHypseg } from "./batch-decoders";
import { ownDecoders } from "@/tests/helpers/decoders";
import { composeRecording, firstSpeechSec, referenceFor } from "@/bench/lib/time-references";
import { FAST_DECODER_ARGS, POCKETSPHINX_MODEL, pocketsphinxEngine } from "./pocketsphinx";

jest.setTimeout(120_000);

const CORPUS = path.resolve(process.cwd(), "../shared/corpus");
let tmp: string;
let jfk: string;
let ldc: string;

/** Decoders an earlier test file in this jest worker left idle (they end on their own within 30 s); not ours to count. */
let earlier = new Set<string>();
/** Running decoders this test file started. */
const decoderPids = () => [...ownDecoders().keys()].filter((pid) => !earlier.has(pid));

beforeAll(() => {
  earlier = new Set(ownDecoders().keys());
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-batch-"));
  const norm = (name: string) => {
    const out = path.join(tmp, `${name}.wav`);
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", path.join(CORPUS, `single/${name}.wav`), "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", out]);
    return out;
  };
  jfk = norm("en_jfk");
  ldc = norm("en_LDC93S1");
});

afterAll(() => {
  closeBatchDecoders();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe("parseHypseg", () => {
  it("keeps real words with times from frame numbers; a word ends where the next begins", () => {
    const line = "u1 S 0 T -99 A -90 L -9 0 -4 0 <s> 16 -4 -319 she 35 -4 -215 had 58 -2 -143 to(2) 67 -1 -472 [NOISE] 102 -1 -63 adapt 128 -5 -85 </s> 140";
    expect(parseHypseg(line)).toEqual([
      { begin: 160, end: 350, text: "she" },
      { begin: 350, end: 580, text: "had" },
      { begin: 580, end: 670, text: "to" },
      { begin: 1020, end: 1280, text: "adapt" },
    ]);
  });

  it("reads an utterance with no words", () => {
    expect(parseHypseg("u3 S 0 T 0 A 0 L 0 0")).toEqual([]);
  });
});

describe("reused decoders", () => {
  it("load the model once for many chunks, and answer each chunk with its own words", async () => {
    closeBatchDecoders();
    const engine = pocketsphinxEngine();
    const before = batchDecodersSpawned();
    const a = await engine.transcribe(jfk, {});
    const b = await engine.transcribe(ldc, {});
    const c = await engine.transcribe(jfk, {});
    expect(batchDecodersSpawned() - before).toBe(1);
    const text = (r: typeof a) => r.segments.map((s) => s.text).join(" ").toLowerCase();
    expect(text(a)).toContain("country");
    expect(text(b)).toContain("year");
    expect(text(c)).toBe(text(a));
    // Word times lie inside the 11-second clip, in order.
    const words = a.segments.flatMap((s) => s.words ?? []);
    expect(words.length).toBeGreaterThan(10);
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThan(w.begin);
      expect(w.end).toBeLessThanOrEqual(11_100);
      if (i) expect(w.begin).toBeGreaterThanOrEqual(words[i - 1]!.begin);
    }
    expect(batchDecoderCpuSec()).toBeGreaterThan(0.5);
  });

  it("keep one decoder per profile, and run chunks in parallel on separate decoders", async () => {
    closeBatchDecoders();
    const engine = pocketsphinxEngine();
    const before = batchDecodersSpawned();
    const [x, y, z] = await Promise.all([engine.transcribe(jfk, {}), engine.transcribe(ldc, {}), engine.transcribe(ldc, { profile: "fast" })]);
    expect(batchDecodersSpawned() - before).toBe(3);
    expect([x, y, z].every((r) => r.segments.length > 0)).toBe(true);
    // The idle decoders are reused: nothing new for the same profiles.
    await Promise.all([engine.transcribe(ldc, {}), engine.transcribe(ldc, { profile: "fast" })]);
    expect(batchDecodersSpawned() - before).toBe(3);
  });

  it("end the decoder when a chunk is aborted, and fail a chunk it cannot read", async () => {
    closeBatchDecoders();
    await new Promise((r) => setTimeout(r, 200));
    const engine = pocketsphinxEngine();
    const controller = new AbortController();
    const running = engine.transcribe(jfk, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(running).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 300));
    expect(decoderPids()).toHaveLength(0);

    // Removed between the check and the decode: the decoder's own error, not a hang.
    const gone = path.join(tmp, "gone.wav");
    fs.copyFileSync(ldc, gone);
    const engineWithRemoval = pocketsphinxEngine({ batchBinary: path.join(tmp, "remove-then-decode.sh") });
    fs.writeFileSync(path.join(tmp, "remove-then-decode.sh"), `#!/bin/sh\nrm -f '${gone}'\nexec /usr/bin/pocketsphinx_batch "$@"\n`, { mode: 0o755 });
    await expect(engineWithRemoval.transcribe(gone, {})).rejects.toThrow(/could not decode/);
  });

  it("count every frame, silent ones too: a word after 10 s of silence comes out 10 s later (pyannote_sample's RTTM)", async () => {
    // Straight to the decoder, without the engine's own cutting of long pauses (pocketsphinx.ts decodeSpeech).
    const sample = path.join(CORPUS, "multi/pyannote_sample.wav");
    const late = path.join(tmp, "late.wav");
    await composeRecording(late, [{ silenceSec: 10 }, { wav: sample }]);
    const args = ["-hmm", POCKETSPHINX_MODEL.hmm, "-lm", POCKETSPHINX_MODEL.lm, "-dict", POCKETSPHINX_MODEL.dict, ...FAST_DECODER_ARGS];
    const words = await decodeWithBatch("pocketsphinx_batch", args, late);
    const spoken = 10 + firstSpeechSec(referenceFor("multi/pyannote_sample.wav").speech);
    expect(Math.abs(words[0]!.begin / 1000 - spoken)).toBeLessThanOrEqual(0.3);
  });

  it("answer digital silence with no words (pocketsphinx logs it as an ERROR, yet answers)", async () => {
    const silence = path.join(tmp, "silence.wav");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "4", "-c:a", "pcm_s16le", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact", silence]);
    expect(fs.statSync(silence).size).toBe(44 + 4 * 16000 * 2);
    await expect(pocketsphinxEngine().transcribe(silence, {})).resolves.toEqual({ language: "en", segments: [] });
    // The same decoder goes on with the next chunk.
    expect((await pocketsphinxEngine().transcribe(ldc, {})).segments.length).toBeGreaterThan(0);
  });

  it("leave a WAV with another header layout to the per-call tool, which reads its samples through a pipe", async () => {
    const withList = path.join(tmp, "with-list.wav");
    execFileSync("ffmpeg", ["-v", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", withList]);
    const spawned = batchDecodersSpawned();
    const { segments } = await pocketsphinxEngine().transcribe(withList, {});
    expect(segments.map((s) => s.text).join(" ").split(/\s+/).length).toBeGreaterThan(8);
    expect(segments.at(-1)!.end).toBeGreaterThan(9000);
    expect(batchDecodersSpawned()).toBe(spawned);
  });

  it("are ended by closeBatchDecoders", async () => {
    const engine = pocketsphinxEngine();
    await engine.transcribe(ldc, {});
    expect(decoderPids().length).toBeGreaterThan(0);
    closeBatchDecoders();
    await new Promise((r) => setTimeout(r, 300));
    expect(decoderPids()).toHaveLength(0);
  });
});
