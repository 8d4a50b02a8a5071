import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { MIN_SILENCE_SEC, newEnergyDetector, newVoiceDetector, pcmToFloat, type VoiceDetector } from "@/lib/live/engine/vad";
import { composeRecording, gridReference, shifted } from "@/bench/lib/time-references";
import { CORPUS } from "@/tests/helpers/api";

// Where live recording closes an utterance (docs/live.md "Live text"), for Silero VAD and for the energy
// detector that stands in when Silero cannot load: the GRID sentence twice, each followed by 2 s of digital
// silence. Its word alignment (.align, an outside reference) says where the speech ends, so each utterance
// must close in the silence after it, about MIN_SILENCE_SEC after the last word, and never before it.
jest.setTimeout(60_000);

const CHUNK_SEC = 0.5;
let tmp: string;
let pcm: Buffer;
let lastWordEnds: number[];
let firstWordStarts: number[];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-live-vad-"));
  const grid = path.join(tmp, "grid.wav");
  await normalizeToWav(path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"), grid);
  const file = path.join(tmp, "twice.wav");
  const starts = await composeRecording(file, [{ wav: grid }, { silenceSec: 2 }, { wav: grid }, { silenceSec: 2 }]);
  const words = gridReference().speech;
  const copies = [shifted(words, starts[0]!), shifted(words, starts[2]!)];
  lastWordEnds = copies.map((c) => Math.max(...c.map((w) => w.end)));
  firstWordStarts = copies.map((c) => Math.min(...c.map((w) => w.start)));
  const info = await readWavInfo(file);
  pcm = fs.readFileSync(file).subarray(info.dataOffset, info.dataOffset + info.dataBytes);
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** Feeds the recording in browser-sized chunks; the times (chunk ends) at which an utterance closed. */
function utteranceEnds(detector: VoiceDetector): number[] {
  const bytes = Math.round(CHUNK_SEC * 16000) * 2;
  const ends: number[] = [];
  for (let at = 0; at < pcm.length; at += bytes) {
    const chunk = pcm.subarray(at, Math.min(pcm.length, at + bytes));
    if (detector.accept(pcmToFloat(chunk)).ended) ends.push((at + chunk.length) / 32000);
  }
  detector.close();
  return ends;
}

const detectors: [string, () => VoiceDetector][] = [
  ["Silero VAD", () => newVoiceDetector()],
  ["the energy detector (Silero's fallback)", () => newEnergyDetector()],
];

test.each(detectors)("%s closes each utterance in the silence after its last word, never inside the sentence", (_name, make) => {
  const detector = make();
  if (_name.startsWith("Silero")) expect(detector.kind).toBe("silero");
  const ends = utteranceEnds(detector);
  for (const [k, lastEnd] of lastWordEnds.entries()) {
    // Closed once the silence lasted MIN_SILENCE_SEC, seen at the end of the chunk that holds that moment.
    const closing = ends.filter((t) => t >= lastEnd && t <= lastEnd + MIN_SILENCE_SEC + CHUNK_SEC + 0.35);
    expect({ copy: k, closing: closing.length }).toEqual({ copy: k, closing: 1 });
    // Nothing closes while the sentence is being said.
    expect(ends.filter((t) => t > firstWordStarts[k]! + CHUNK_SEC && t < lastEnd)).toEqual([]);
  }
  expect(ends).toHaveLength(2);
});
