import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { normalizeToWav, readWavPcm } from "@/lib/media/ffmpeg";
import { embeddingSimilarity, embeddingSpeechSeconds, mergeEmbeddings, SPEAKER_EMBEDDING_DIM, speakerEmbedding } from "./embedding";

// Corpus clips whose speakers are known from their source: LJ Speech (one reader), LibriVox (one reader), and other single voices.
jest.setTimeout(60_000);
const CORPUS = path.resolve(process.cwd(), "../shared/corpus/single");
const VOICES: Record<string, string[]> = {
  lj: ["en_LJ001-0001.wav", "en_LJ001-0003.wav", "en_LJ001-0005.wav", "en_LJ050-0131.wav"],
  librivox: ["en_librivox_ss01_0870.wav", "en_librivox_ss01_0890.wav", "en_librivox_ss01_0920.wav"],
  jfk: ["en_jfk.wav"],
  leopard: ["en_leopard_test.wav"],
  librispeech1995: ["en_librispeech-1995-1837-0001.wav"],
};
let dir: string;
const clips: { voice: string; emb: Float32Array }[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "embedding-"));
  for (const [voice, files] of Object.entries(VOICES)) {
    for (const f of files) {
      const wav = path.join(dir, `${f}.wav`);
      await normalizeToWav(path.join(CORPUS, f), wav);
      const { samples, sampleRate } = await readWavPcm(wav);
      clips.push({ voice, emb: speakerEmbedding(samples, sampleRate) });
    }
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("has a stable size and counts only speech", () => {
  for (const c of clips) {
    expect(c.emb.length).toBe(SPEAKER_EMBEDDING_DIM);
    expect(embeddingSpeechSeconds(c.emb)).toBeGreaterThan(1);
  }
  const silence = speakerEmbedding(new Float32Array(16000 * 3), 16000);
  expect(embeddingSpeechSeconds(silence)).toBe(0);
  expect(embeddingSimilarity(silence, clips[0].emb)).toBe(0);
});

it("scores every pair of clips of one voice above every pair of two voices", () => {
  let sameMin = Infinity;
  let otherMax = -Infinity;
  for (let i = 0; i < clips.length; i++) {
    for (let j = i + 1; j < clips.length; j++) {
      const s = embeddingSimilarity(clips[i].emb, clips[j].emb);
      expect(s).toBeCloseTo(embeddingSimilarity(clips[j].emb, clips[i].emb), 6);
      if (clips[i].voice === clips[j].voice) sameMin = Math.min(sameMin, s);
      else otherMax = Math.max(otherMax, s);
    }
  }
  expect(sameMin).toBeGreaterThan(otherMax);
});

it("pools several recordings of a voice into one that matches a new clip of it better than others", () => {
  const lj = clips.filter((c) => c.voice === "lj");
  const profile = mergeEmbeddings(lj.slice(0, 3).map((c) => c.emb));
  expect(embeddingSpeechSeconds(profile)).toBeCloseTo(lj.slice(0, 3).reduce((s, c) => s + embeddingSpeechSeconds(c.emb), 0), 3);
  const held = embeddingSimilarity(profile, lj[3].emb);
  for (const c of clips.filter((x) => x.voice !== "lj")) expect(embeddingSimilarity(profile, c.emb)).toBeLessThan(held);
});
