import fs from "node:fs";
import path from "node:path";
import { readWavPcm } from "@/lib/media/ffmpeg";
import { parseRttm } from "./der";
import { sileroSpeechDetector } from "./silero-vad";

// Silero VAD against the RTTM reference of a clip with three speakers and clear pauses between them.
const MULTI = path.resolve(process.cwd(), "../shared/corpus/multi");

it("finds each speaker's stretch of speech within 0.3 s of the reference, in blocks of any size", async () => {
  const { samples, sampleRate } = await readWavPcm(path.join(MULTI, "falcon_test.wav"));
  expect(sampleRate).toBe(16000);
  const reference = parseRttm(fs.readFileSync(path.join(MULTI, "falcon_test.derived.rttm"), "utf8"));
  for (const block of [512, 7000, samples.length]) {
    const detector = sileroSpeechDetector(sampleRate);
    expect(detector).not.toBeNull();
    for (let i = 0; i < samples.length; i += block) detector!.accept(samples.subarray(i, i + block));
    const found = detector!.finish();
    expect(found).toHaveLength(reference.length);
    found.forEach((r, i) => {
      expect(Math.abs(r.start - reference[i]!.start)).toBeLessThan(0.3);
      expect(Math.abs(r.end - reference[i]!.end)).toBeLessThan(0.3);
    });
  }
});

it("finds no speech in silence and declines rates the model was not made for", () => {
  const detector = sileroSpeechDetector(16000)!;
  detector.accept(new Float32Array(16000 * 3));
  expect(detector.finish()).toEqual([]);
  expect(sileroSpeechDetector(44100)).toBeNull();
});
