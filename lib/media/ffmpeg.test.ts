import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { concatToWav, normalizeToWav, readWavPcm } from "./ffmpeg";
import { readWavInfo } from "./wav";

const corpus = path.resolve(process.cwd(), "../shared/corpus");
const jfk = path.join(corpus, "single/en_jfk.wav");
const flac = path.join(corpus, "single/en_librispeech-2412-153948-0000.flac");
const mpg = path.join(corpus, "video/grid_id2_vcd_swwp2s.mpg");
let dir: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "ffmpeg-"));
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

test("normalizeToWav writes 16 kHz mono s16le with a clean 44-byte header", async () => {
  const stereo = path.join(dir, "stereo.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", flac, "-ac", "2", "-ar", "44100", "-c:a", "aac", stereo]);
  const out = path.join(dir, "norm.wav");
  await normalizeToWav(stereo, out);
  const info = await readWavInfo(out);
  expect(info).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16, dataOffset: 44 });
  expect(info.durationSec).toBeCloseTo(11.66, 1);
});

test("normalizeToWav takes the audio of a video", async () => {
  const out = path.join(dir, "video.wav");
  await normalizeToWav(mpg, out);
  expect((await readWavInfo(out)).durationSec).toBeCloseTo(3, 1);
});

test("normalizeToWav keeps the container's clock: sound that starts 2 s into a video starts 2 s into the WAV", async () => {
  // The GRID clip's sound (PCM, so samples compare exactly) 2 s after the picture starts, as screen recordings have it.
  const late = path.join(dir, "late-sound.mov");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-f", "lavfi", "-i", "color=c=black:s=64x48:r=25:d=5", "-itsoffset", "2", "-i", mpg,
    "-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "pcm_s16le", "-ar", "16000", "-ac", "1", late]);
  const [alone, delayed] = [path.join(dir, "grid.wav"), path.join(dir, "late.wav")];
  await normalizeToWav(mpg, alone);
  await normalizeToWav(late, delayed);
  const [a, d] = [await readWavPcm(alone), await readWavPcm(delayed)];
  expect(d.samples.length).toBe(a.samples.length + 2 * 16000);
  expect(d.samples.subarray(0, 2 * 16000).every((v) => v === 0)).toBe(true);
  expect(Array.from(d.samples.subarray(2 * 16000 + 8000, 2 * 16000 + 8400))).toEqual(Array.from(a.samples.subarray(8000, 8400)));
});

test("normalizeToWav fails with ffmpeg's reason on a broken file", async () => {
  const bad = path.join(dir, "bad.mp3");
  await fsp.writeFile(bad, "not audio at all");
  await expect(normalizeToWav(bad, path.join(dir, "bad.wav"))).rejects.toThrow(/ffmpeg could not convert bad\.mp3/);
});

test("concatToWav joins audio and video containers in order", async () => {
  const out = path.join(dir, "merged.wav");
  const { joinsSec } = await concatToWav([jfk, mpg, flac], out);
  const info = await readWavInfo(out);
  // Where each later file starts: after the 11.0 s JFK clip, then after the 3.0 s GRID video's sound.
  expect(joinsSec).toHaveLength(2);
  expect(joinsSec[0]).toBeCloseTo(11, 1);
  expect(joinsSec[1]! - joinsSec[0]!).toBeCloseTo(3, 1);
  expect(info).toMatchObject({ sampleRate: 16000, channels: 1, dataOffset: 44 });
  expect(info.durationSec).toBeCloseTo(11 + 3 + 11.66, 1);
  // The first part really is first: its samples match the JFK clip alone.
  const alone = path.join(dir, "jfk.wav");
  await normalizeToWav(jfk, alone);
  const [a, m] = [await readWavPcm(alone), await readWavPcm(out)];
  expect(Array.from(m.samples.subarray(16000, 16100))).toEqual(Array.from(a.samples.subarray(16000, 16100)));
  // ffprobe agrees with our header.
  const probed = Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", out]).toString());
  expect(probed).toBeCloseTo(info.durationSec, 2);
});

test("readWavPcm returns mono floats in [-1, 1) and the rate", async () => {
  const { samples, sampleRate } = await readWavPcm(jfk);
  expect(sampleRate).toBe(16000);
  expect(samples.length).toBe(176000);
  let peak = 0;
  for (const v of samples) peak = Math.max(peak, Math.abs(v));
  expect(peak).toBeGreaterThan(0.1);
  expect(peak).toBeLessThanOrEqual(1);
});

test("readWavPcm averages a stereo file to mono", async () => {
  const stereo = path.join(dir, "stereo.wav");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", jfk, "-af", "pan=stereo|c0=c0|c1=c0", "-c:a", "pcm_s16le", stereo]);
  const { samples } = await readWavPcm(stereo);
  const mono = await readWavPcm(jfk);
  expect(samples.length).toBe(mono.samples.length);
  expect(samples.subarray(40000, 40100)).toEqual(mono.samples.subarray(40000, 40100));
});
