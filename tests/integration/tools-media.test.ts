// This file uploads far more than a visitor may; the limits have their own file (tools-media-limits.test.ts).
process.env.MEDIA_TOOLS_UPLOADS_PER_10_MINUTES = "1000";
process.env.MEDIA_TOOLS_UPLOADS_PER_IP_PER_10_MINUTES = "1000";
process.env.MEDIA_TOOLS_STARTS_PER_10_MINUTES = "1000";
process.env.MEDIA_TOOLS_STARTS_PER_IP_PER_10_MINUTES = "1000";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker, type Job } from "bullmq";
import { NextRequest } from "next/server";
import { GET as listFiles, POST as upload, DELETE as clearAll } from "@/app/api/tools/media/files/route";
import { GET as getFile, DELETE as deleteFile } from "@/app/api/tools/media/files/[id]/route";
import { POST as start } from "@/app/api/tools/media/files/[id]/start/route";
import { POST as downloadLink } from "@/app/api/tools/media/files/[id]/download/route";
import { POST as transcribe } from "@/app/api/tools/media/files/[id]/transcribe/route";
import { GET as download } from "@/app/api/tools/media/download/[id]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { newRedisConnection } from "@/lib/server/redis";
import { storage } from "@/lib/storage/storage";
import { sweepMediaTools } from "@/lib/tools/media/sweep";
import { VISITOR_COOKIE } from "@/lib/tools/visitor";
import { EXTRACT_BITRATE_DEFAULT, fastestOutput, type ProcessedFileView } from "@/lib/tools/media/rules";
import { runMediaToolJob } from "@/workers/media-tools";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";

// Media tools (issue 12): probing and refusals, stream copy vs re-encode, compression
// settings, expiry and the sweeper, visitor isolation, and "transcribe this".
jest.setTimeout(120_000);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tools-media-"));
const WAV = path.join(CORPUS, "single/en_LJ001-0001.wav");
const MPG = path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg");
let MP4: string;
let worker: Worker;
let connection: ReturnType<typeof newRedisConnection>;

function ffmpeg(args: string[]) {
  execFileSync("ffmpeg", ["-v", "error", "-y", ...args]);
}

function probe(file: string): { codec: string; kbps: number; format: string; video: boolean } {
  const out = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=format_name,bit_rate:stream=codec_type,codec_name,bit_rate", "-of", "json", file]).toString()) as {
    format: { format_name: string; bit_rate?: string };
    streams: { codec_type: string; codec_name: string; bit_rate?: string }[];
  };
  const a = out.streams.find((s) => s.codec_type === "audio")!;
  return { codec: a.codec_name, kbps: Math.round(Number(a.bit_rate ?? out.format.bit_rate) / 1000), format: out.format.format_name, video: out.streams.some((s) => s.codec_type === "video") };
}

beforeAll(async () => {
  await setupTestDatabase();
  // A 20 s H.264 + AAC (160 kbps) video, made here (nothing copied from the corpus).
  MP4 = path.join(tmp, "clip.mp4");
  ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=20", "-f", "lavfi", "-i", "sine=frequency=440:duration=20", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "160k", "-shortest", MP4]);
  connection = newRedisConnection();
  worker = new Worker(queues.tools, runMediaToolJob, { connection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  await worker.close();
  await connection.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

type Visitor = { cookie: string };
const visitor = (id: string): Visitor => ({ cookie: `${VISITOR_COOKIE}=${id}` });
const alice = visitor("aliceAAAAAAAAAAAAAAAAAAAAAAAAAAA");
const bob = visitor("bobBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB");

async function uploadAs(v: Visitor, tool: "extract" | "compress", file: string, name = path.basename(file)) {
  return call<{ file: ProcessedFileView }>(upload, { headers: { cookie: v.cookie }, form: await formWithFiles([{ path: file, name }], { tool }) });
}

async function convert(v: Visitor, tool: "extract" | "compress", file: string, options: Record<string, unknown>) {
  const up = await uploadAs(v, tool, file);
  expect(up.code).toBe(200);
  const id = up.data.file.id;
  const started = await call<{ file: ProcessedFileView }>(start, { headers: { cookie: v.cookie }, params: { id }, json: options });
  expect(started.code).toBe(200);
  const done = await waitFor("conversion", async () => {
    const f = (await call<{ file: ProcessedFileView }>(getFile, { headers: { cookie: v.cookie }, params: { id } })).data.file;
    return f.status === "completed" || f.status === "failed" ? f : null;
  });
  expect(done.status).toBe("completed");
  const out = path.join(tmp, `${id}.${done.audioFormat}`);
  const row = await prisma.processedMediaFile.findUniqueOrThrow({ where: { id } });
  await storage().fetchToFile(row.storageKey!, out);
  return { id, file: done, out, row };
}

async function fetchDownload(url: string, headers: Record<string, string> = {}) {
  const u = new URL(url, "http://localhost:3000");
  const id = u.pathname.split("/").at(-1)!;
  return download(new NextRequest(u, { headers }), { params: Promise.resolve({ id }) });
}

describe("probing and refusals", () => {
  it("the video tool refuses audio and text; the compressor refuses video; nothing selected and over 1 GB are refused", async () => {
    const text = path.join(tmp, "notes.mp4");
    fs.writeFileSync(text, "just some text, named like a video\n".repeat(50));
    expect((await uploadAs(alice, "extract", WAV, "song.mp4")).data).toMatchObject({ error: "mediatools.selectVideo" });
    expect((await uploadAs(alice, "extract", text)).data).toMatchObject({ error: "mediatools.selectVideo" });
    const asAudio = await uploadAs(alice, "compress", MP4, "clip.mp3");
    expect(asAudio.status).toBe(415);
    expect(asAudio.message).toBe("Please select an audio file.");
    const none = await call(upload, { headers: { cookie: alice.cookie }, form: await formWithFiles([], { tool: "compress" }) });
    expect(none.data).toMatchObject({ error: "mediatools.noFile" });
    const big = new NextRequest("http://localhost:3000/api/tools/media/files", {
      method: "POST",
      headers: { cookie: alice.cookie, "x-locale": "en", "content-type": "multipart/form-data; boundary=x", "content-length": String(1024 ** 3 + 2 * 1024 * 1024) },
      body: "--x--",
    });
    const refused = await upload(big, { params: Promise.resolve({}) });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { message: string }).message).toBe("File size cannot exceed 1GB.");
    expect(await prisma.processedMediaFile.count()).toBe(0);
  });

  it("a video upload is probed by content: format, duration and audio bitrate; a new visitor gets an httpOnly cookie of 144 bits", async () => {
    const req = new NextRequest("http://localhost:3000/api/tools/media/files", { method: "POST", headers: { "x-locale": "en" }, body: await formWithFiles([{ path: MP4, name: "holiday.avi" }], { tool: "extract" }) } as never);
    const res = await upload(req, { params: Promise.resolve({}) });
    const body = (await res.json()) as { data: { file: ProcessedFileView } };
    expect(body.data.file).toMatchObject({ tool: "extract", status: "uploaded", originalFormat: "mp4", originalName: "holiday.avi", audioCodec: "aac" });
    expect(body.data.file.duration).toBeCloseTo(20, 0);
    expect(body.data.file.sourceKbps).toBeGreaterThan(120);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{24};.*HttpOnly; SameSite=Lax`));
  });
});

describe("video to audio", () => {
  it("fastest mode copies the AAC stream into M4A; re-encoding makes MP3 at the chosen bitrate", async () => {
    const copy = await convert(alice, "extract", MP4, { mode: "fastest" });
    const copied = probe(copy.out);
    expect(copied).toMatchObject({ codec: "aac", video: false });
    expect(copy.file.audioFormat).toBe("m4a");
    expect(Math.abs(copied.kbps - probe(MP4).kbps)).toBeLessThan(8);
    const mp3 = await convert(alice, "extract", MP4, { mode: "encode", format: "mp3", quality: 128 });
    expect(probe(mp3.out)).toMatchObject({ codec: "mp3", kbps: 128, video: false });
    // The source is removed once processed; the output stays until the link expires.
    expect(mp3.row.sourceKey).toBeNull();
  });

  it("an MPEG-1 video from the corpus gives its MP2 audio in fastest mode", async () => {
    const copy = await convert(alice, "extract", MPG, { mode: "fastest" });
    expect(probe(copy.out).codec).toBe("mp2");
  });

  it("fastest mode's notice, from the upload's probe, names the file it then makes; MP2 and AC-3 are flagged", async () => {
    // Opus in WebM and AC-3 in Matroska, made here from the corpus video.
    const webm = path.join(tmp, "clip.webm");
    ffmpeg(["-i", MPG, "-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus", webm]);
    const mkv = path.join(tmp, "clip.mkv");
    ffmpeg(["-i", MPG, "-c:v", "mpeg4", "-c:a", "ac3", mkv]);
    const cases: [string, string, string, boolean][] = [
      [MP4, "aac", "m4a", true],
      [webm, "opus", "ogg", true],
      [MPG, "mp2", "mp2", false],
      [mkv, "ac3", "mka", false],
    ];
    for (const [file, codec, ext, playsAnywhere] of cases) {
      const up = await uploadAs(alice, "extract", file);
      expect(up.data.file.audioCodec).toBe(codec);
      // What the page shows before "start" (components/tools/media/FastestNotice.tsx).
      expect(fastestOutput(up.data.file.audioCodec)).toMatchObject({ ext, playsAnywhere });
      await call(start, { headers: { cookie: alice.cookie }, params: { id: up.data.file.id }, json: { mode: "fastest" } });
      const done = await waitFor("fastest copy", async () => {
        const f = (await call<{ file: ProcessedFileView }>(getFile, { headers: { cookie: alice.cookie }, params: { id: up.data.file.id } })).data.file;
        return f.status === "completed" || f.status === "failed" ? f : null;
      });
      expect([path.basename(file), done.status, done.audioFormat]).toEqual([path.basename(file), "completed", ext]);
    }
    // The notice's one click: MP3 at the default quality instead.
    const mp3 = await convert(alice, "extract", MPG, { mode: "encode", format: "mp3", quality: EXTRACT_BITRATE_DEFAULT });
    expect(mp3.file.audioFormat).toBe("mp3");
    expect(probe(mp3.out)).toMatchObject({ codec: "mp3", video: false });
  });
});

/** The stream's rate and channels, and the length it decodes to (samples ÷ rate, not the container's guess). */
function decoded(file: string): { sampleRate: number; channels: number; seconds: number } {
  const s = JSON.parse(execFileSync("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=sample_rate,channels", "-of", "json", file]).toString()).streams[0] as { sample_rate: string; channels: number };
  const pcm = execFileSync("ffmpeg", ["-v", "error", "-i", file, "-f", "s16le", "-acodec", "pcm_s16le", "-"], { maxBuffer: 1 << 28 });
  return { sampleRate: Number(s.sample_rate), channels: s.channels, seconds: pcm.length / 2 / s.channels / Number(s.sample_rate) };
}

describe("audio compressor", () => {
  it("the output bitrate follows the quality: 10%, 40% (default), 90% (a 44.1 kHz stereo source)", async () => {
    // A music-rate source made here from a corpus clip: the quality steps apply uncapped.
    const wide = path.join(tmp, "wide.wav");
    ffmpeg(["-i", WAV, "-ar", "44100", "-ac", "2", wide]);
    const q10 = await convert(alice, "compress", wide, { format: "mp3", quality: 10 });
    const q40 = await convert(alice, "compress", wide, { format: "mp3" });
    const q90 = await convert(alice, "compress", wide, { format: "mp3", quality: 90 });
    expect(q40.file.qualityLevel).toBe(40);
    expect(probe(q10.out).kbps).toBe(32);
    expect(probe(q40.out).kbps).toBe(128);
    expect(probe(q90.out).kbps).toBe(320);
    expect(q10.file.processedSize!).toBeLessThan(q40.file.processedSize!);
    expect(q40.file.processedSize!).toBeLessThan(q90.file.processedSize!);
    const m4a = await convert(alice, "compress", wide, { format: "m4a", quality: 40 });
    expect(probe(m4a.out).codec).toBe("aac");
  });

  it("16 kHz mono speech stays 16 kHz mono at 32 kbps: about 8× smaller, same length", async () => {
    const jfk = path.join(CORPUS, "single/en_jfk.wav");
    const source = decoded(jfk);
    const sourceBytes = fs.statSync(jfk).size;
    for (const format of ["mp3", "m4a"] as const) {
      const out = await convert(alice, "compress", jfk, { format, quality: 40 });
      const got = decoded(out.out);
      expect({ rate: got.sampleRate, channels: got.channels }).toEqual({ rate: 16000, channels: 1 });
      expect(probe(out.out).kbps).toBeLessThanOrEqual(34);
      // Measured: MP3 7.9×, M4A 7.4× (the old 44.1 kHz stereo 128 kbps output was 2.0×).
      expect(sourceBytes / Number(out.file.processedSize!)).toBeGreaterThanOrEqual(7);
      expect(Math.abs(got.seconds - source.seconds)).toBeLessThanOrEqual(0.1);
    }
    // WAV output never upsamples either: 90% (planned 44.1 kHz stereo) keeps 16 kHz mono.
    const wav = await convert(alice, "compress", jfk, { format: "wav", quality: 90 });
    expect(decoded(wav.out)).toMatchObject({ sampleRate: 16000, channels: 1 });
  });

  it("refuses a quality outside 10–90%", async () => {
    const up = await uploadAs(alice, "compress", WAV);
    const res = await call(start, { headers: { cookie: alice.cookie }, params: { id: up.data.file.id }, json: { format: "mp3", quality: 95 } });
    expect(res.data).toMatchObject({ error: "mediatools.invalidQuality" });
  });
});

describe("downloads, expiry and the sweeper", () => {
  it("downloads as an attachment with our type and nosniff; after expiry the link is refused and the sweeper removes the files", async () => {
    const { id, row } = await convert(alice, "compress", WAV, { format: "mp3", quality: 40 });
    const link = await call<{ url: string }>(downloadLink, { headers: { cookie: alice.cookie }, params: { id } });
    const res = await fetchDownload(link.data.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="en_LJ001-0001\.mp3"/);
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(Number(row.processedSize));
    // Change the signature's first character (to another one: "A" itself 1 time in 64).
    const tampered = await fetchDownload(link.data.url.replace(/sig=(.)/, (_m, c: string) => `sig=${c === "A" ? "B" : "A"}`));
    expect(tampered.status).toBe(403);

    await prisma.processedMediaFile.update({ where: { id }, data: { downloadExpiresAt: new Date(Date.now() - 1000) } });
    const expired = await call(downloadLink, { headers: { cookie: alice.cookie }, params: { id } });
    expect(expired.data).toMatchObject({ error: "mediatools.downloadExpired" });
    expect(expired.message).toMatch(/download link has expired/);
    expect(((await (await fetchDownload(link.data.url)).json()) as { data: { error: string } }).data.error).toBe("mediatools.downloadExpired");

    await storage().size(row.storageKey!); // still there before the sweep
    const swept = await sweepMediaTools();
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    await expect(storage().size(row.storageKey!)).rejects.toThrow();
    const after = await prisma.processedMediaFile.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: "expired", storageKey: null, sourceKey: null });
  });

  it("an upload never started is swept too (its source goes)", async () => {
    const up = await uploadAs(alice, "compress", WAV);
    const row = await prisma.processedMediaFile.findUniqueOrThrow({ where: { id: up.data.file.id } });
    await storage().size(row.sourceKey!);
    await prisma.processedMediaFile.update({ where: { id: row.id }, data: { downloadExpiresAt: new Date(Date.now() - 1) } });
    await sweepMediaTools();
    await expect(storage().size(row.sourceKey!)).rejects.toThrow();
  });
});

describe("visitor isolation", () => {
  it("another visitor sees none of Alice's files and cannot start, fetch, download or delete them", async () => {
    const mine = await uploadAs(alice, "compress", WAV);
    const id = mine.data.file.id;
    const list = await call<{ items: ProcessedFileView[] }>(listFiles, { headers: { cookie: bob.cookie } });
    expect(list.data.items).toEqual([]);
    for (const [handler, json] of [[getFile, undefined], [start, { format: "mp3", quality: 40 }], [downloadLink, undefined], [deleteFile, undefined]] as const) {
      const res = await call(handler, { method: handler === getFile ? "GET" : handler === deleteFile ? "DELETE" : "POST", headers: { cookie: bob.cookie }, params: { id }, json });
      expect(res.code).toBe(404);
    }
    // Nobody at all (no cookie) is a new visitor with nothing.
    expect((await call<{ items: unknown[] }>(listFiles, {})).data.items).toEqual([]);
    expect((await call(clearAll, { method: "DELETE", headers: { cookie: bob.cookie } })).data).toEqual({ deleted: 0 });
    expect(await prisma.processedMediaFile.count({ where: { id } })).toBe(1);
    // Alice deletes it: row and stored files go.
    const row = await prisma.processedMediaFile.findUniqueOrThrow({ where: { id } });
    expect((await call(deleteFile, { method: "DELETE", headers: { cookie: alice.cookie }, params: { id } })).code).toBe(200);
    await expect(storage().size(row.sourceKey!)).rejects.toThrow();
  });

  it("clear all empties only the caller's history", async () => {
    await uploadAs(bob, "compress", WAV);
    const before = await prisma.processedMediaFile.count();
    const cleared = await call<{ deleted: number }>(clearAll, { method: "DELETE", headers: { cookie: alice.cookie } });
    expect(cleared.data.deleted).toBeGreaterThan(0);
    expect(await prisma.processedMediaFile.count()).toBe(before - cleared.data.deleted);
    expect((await call<{ items: unknown[] }>(listFiles, { headers: { cookie: bob.cookie } })).data.items).toHaveLength(1);
  });
});

describe("transcribe this", () => {
  it("needs login; after signing in, the visitor's result moves to the account and becomes a task", async () => {
    const carol = visitor("carolCCCCCCCCCCCCCCCCCCCCCCCCCCC");
    const { id } = await convert(carol, "compress", WAV, { format: "mp3", quality: 40 });
    const anonymous = await call(transcribe, { headers: { cookie: carol.cookie }, params: { id } });
    expect(anonymous.status).toBe(401);
    const user = await signIn("tools-carol");
    const other = await signIn("tools-dave");
    expect((await call(transcribe, { token: other.token, params: { id } })).code).toBe(404);
    const made = await call<{ taskId: string }>(transcribe, { token: user.token, headers: { cookie: carol.cookie }, params: { id } });
    expect(made.code).toBe(200);
    const task = await prisma.task.findUniqueOrThrow({ where: { id: made.data.taskId }, select: { userId: true, title: true, mediaMime: true, status: true } });
    expect(task).toMatchObject({ userId: user.userId, title: "en_LJ001-0001", mediaMime: "audio/mpeg" });
    // The history follows the account: signed in without the cookie, the file is listed.
    const list = await call<{ items: ProcessedFileView[] }>(listFiles, { token: user.token });
    expect(list.data.items.map((f) => f.id)).toContain(id);
    expect((await call<{ items: unknown[] }>(listFiles, { headers: { cookie: carol.cookie } })).data.items).toEqual([]);
  });
});

// Keeps the type import used when jest strips types.
export type { Job };
