import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { AppError } from "@/lib/server/errors";
import { probeMedia } from "./probe";

const corpus = path.resolve(process.cwd(), "../shared/corpus");
const mpg = path.join(corpus, "video/grid_id2_vcd_swwp2s.mpg");
const jfk = path.join(corpus, "single/en_jfk.wav");
let dir: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "probe-"));
});
afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

function ff(...args: string[]) {
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
}

async function errorKey(file: string): Promise<string> {
  try {
    await probeMedia(file);
  } catch (e) {
    if (e instanceof AppError) return e.key;
    throw e;
  }
  return "no error";
}

describe("probeMedia decides by content", () => {
  test("corpus WAV is audio with its duration", async () => {
    const p = await probeMedia(jfk);
    expect(p).toMatchObject({ kind: "audio", container: "wav", hasAudio: true, audioCodec: "pcm_s16le" });
    expect(p.durationSec).toBeCloseTo(11, 1);
  });

  test("a WAV named .mp4 is still audio/wav", async () => {
    const f = path.join(dir, "speech.mp4");
    await fsp.copyFile(jfk, f);
    expect(await probeMedia(f)).toMatchObject({ kind: "audio", container: "wav" });
  });

  test("FLAC from the corpus is audio", async () => {
    const p = await probeMedia(path.join(corpus, "single/en_librispeech-2412-153948-0000.flac"));
    expect(p).toMatchObject({ kind: "audio", container: "flac" });
    expect(p.durationSec).toBeCloseTo(11.66, 1);
  });

  test("MP3, M4A, OGG made from a corpus clip are audio", async () => {
    const cases: [string, string[], string][] = [
      ["a.mp3", ["-c:a", "libmp3lame"], "mp3"],
      ["a.m4a", ["-c:a", "aac"], "m4a"],
      ["a.ogg", ["-c:a", "libvorbis"], "ogg"],
    ];
    for (const [name, codec, container] of cases) {
      const f = path.join(dir, name);
      ff("-i", jfk, ...codec, f);
      const p = await probeMedia(f);
      expect(p).toMatchObject({ kind: "audio", container });
      expect(p.durationSec).toBeGreaterThan(10.5);
      expect(p.durationSec).toBeLessThan(11.5);
    }
  });

  test("MPEG-1, MP4, WEBM, MOV are video", async () => {
    expect(await probeMedia(mpg)).toMatchObject({ kind: "video", container: "mpg", hasAudio: true });
    const cases: [string, string[], string][] = [
      ["v.mp4", ["-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"], "mp4"],
      ["v.webm", ["-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus"], "webm"],
      ["v.mov", ["-c:v", "mpeg4", "-c:a", "aac"], "mov"],
    ];
    for (const [name, codec, container] of cases) {
      const f = path.join(dir, name);
      ff("-i", mpg, ...codec, f);
      const p = await probeMedia(f);
      expect(p).toMatchObject({ kind: "video", container, hasAudio: true });
      expect(p.videoCodec).toBeTruthy();
      expect(p.durationSec).toBeCloseTo(3, 0);
    }
  });

  test("audio-only WEBM (browser recording) is audio", async () => {
    const f = path.join(dir, "rec.webm");
    ff("-i", jfk, "-c:a", "libopus", f);
    expect(await probeMedia(f)).toMatchObject({ kind: "audio", container: "webm" });
    // Written to a pipe, like MediaRecorder output: no duration in the header.
    const piped = path.join(dir, "piped.webm");
    await fsp.writeFile(piped, execFileSync("ffmpeg", ["-v", "error", "-i", jfk, "-c:a", "libopus", "-f", "webm", "pipe:1"], { maxBuffer: 1 << 26 }));
    const p = await probeMedia(piped);
    expect(p).toMatchObject({ kind: "audio", container: "webm" });
    expect(p.durationSec).toBeCloseTo(11, 0);
  });

  test("a video without an audio track is corrupt media", async () => {
    const f = path.join(dir, "silent.mp4");
    ff("-i", mpg, "-an", "-c:v", "libx264", "-preset", "ultrafast", f);
    expect(await errorKey(f)).toBe("upload.corruptMedia");
  });

  test("text renamed .mp3, a long text file, JSON, PDF, PNG and subtitles are unsupported", async () => {
    const text = path.join(dir, "notes.mp3");
    await fsp.writeFile(text, "hello world, this is not audio\n");
    const longText = path.join(dir, "long.txt"); // ffprobe reads this as "tty"
    await fsp.writeFile(longText, Array.from({ length: 200 }, (_, i) => `line ${i} of some text`).join("\n"));
    const json = path.join(dir, "x.wav");
    await fsp.writeFile(json, JSON.stringify({ a: 1, b: [1, 2, 3] }));
    const pdf = path.join(dir, "doc.mp4");
    await fsp.writeFile(pdf, "%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const png = path.join(dir, "img.mp3");
    ff("-f", "lavfi", "-i", "color=red:s=32x32", "-frames:v", "1", "-f", "image2", png);
    const srt = path.join(dir, "talk.mkv"); // ffprobe opens SubRip as a format of its own
    await fsp.writeFile(srt, "1\n00:00:01,000 --> 00:00:02,000\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nWorld\n");
    for (const f of [text, longText, json, pdf, png, srt]) expect([path.basename(f), await errorKey(f)]).toEqual([path.basename(f), "upload.unsupportedType"]);
  });

  test("an empty file, a header-only WAV, a truncated WAV and a cut MP4 are corrupt", async () => {
    const wav = await fsp.readFile(jfk);
    const empty = path.join(dir, "empty.wav");
    await fsp.writeFile(empty, "");
    const headerOnly = path.join(dir, "header.wav");
    await fsp.writeFile(headerOnly, wav.subarray(0, 44));
    const truncated = path.join(dir, "truncated.wav");
    await fsp.writeFile(truncated, wav.subarray(0, 5000));
    const mp4 = path.join(dir, "full.mp4");
    ff("-i", mpg, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4); // moov at the end
    const cutMp4 = path.join(dir, "cut.mp4");
    const bytes = await fsp.readFile(mp4);
    await fsp.writeFile(cutMp4, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const garbageWav = path.join(dir, "garbage.wav");
    await fsp.writeFile(garbageWav, Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVE"), Buffer.alloc(200, 7)]));
    for (const f of [empty, headerOnly, truncated, cutMp4, garbageWav]) expect([path.basename(f), await errorKey(f)]).toEqual([path.basename(f), "upload.corruptMedia"]);
  });
});
