import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as mediaUrl } from "@/app/api/transcription/tasks/[id]/media-url/route";
import { GET as media } from "@/app/api/media/[taskId]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { readWavInfo } from "@/lib/media/wav";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runTranscriptionJob } from "@/workers/transcription";
import { call, formWithFiles } from "@/tests/helpers/api";
import { setupTestDatabase } from "@/tests/helpers/db";
import { FORMAT_CASES, makeFormatFile, VIDEO_CLIP } from "@/tests/helpers/media-formats";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";

// Issue 24: every common recording format is taken by content (FLAC, AAC, Opus, WMA, AIFF, AMR,
// MKV, AVI, MPEG-1/2, FLV, WMV, 3GP, M4V), decodes to a WAV of its real length, and a couple
// go all the way to a transcript. A text file given a media name is still refused.
jest.setTimeout(240_000);

interface TaskJson {
  id: string;
  status: string;
  mediaKind: string;
  duration: number;
  timeline: { begin: number; end: number; text: string }[];
  fullText: string;
}

/** The corpus reference of en_jfk.wav: "And so my fellow Americans, ask not what your country can do for you, ..." */
const JFK_WORDS = ["and", "so", "my", "fellow", "americans", "ask", "not", "what", "your", "country", "can", "do", "for", "you"];

let tmp: string;
let user: Awaited<ReturnType<typeof signIn>>;
let worker: Worker | undefined;
let workerConnection: ReturnType<typeof newRedisConnection> | undefined;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-formats-"));
  user = await signIn("formats");
});

afterAll(async () => {
  await worker?.close();
  await workerConnection?.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Uploads one file through the real create route; the answer's envelope. */
async function upload(file: string, fields: Record<string, string> = {}) {
  const form = await formWithFiles([{ path: file }], fields);
  return call<{ tasks: TaskJson[] }>(create, { token: user.token, form });
}

describe("each format is taken by content at upload", () => {
  it.each(FORMAT_CASES.map((c) => [c.label, c] as const))("%s: accepted as its kind, with its real length", async (_label, c) => {
    const file = makeFormatFile(tmp, c);
    const res = await upload(file, { start: "false" });
    expect([c.label, res.code, res.message]).toEqual([c.label, 200, expect.any(String)]);
    const task = res.data.tasks[0]!;
    expect(task.mediaKind).toBe(c.kind);
    expect(Math.abs(task.duration - c.seconds)).toBeLessThanOrEqual(0.1);
    const part = await prisma.mediaPart.findFirstOrThrow({ where: { taskId: task.id }, select: { kind: true, storageKey: true, originalName: true } });
    expect(part).toMatchObject({ kind: c.kind, originalName: c.file });
    expect(part.storageKey.endsWith(`.${c.container}`)).toBe(true);
  });

  it("a text file named .flac or .mpg is still refused with the catalogue message, and no task is made", async () => {
    const before = await prisma.task.count({ where: { userId: user.userId } });
    for (const name of ["notes.flac", "notes.mpg"]) {
      const text = path.join(tmp, name);
      fs.writeFileSync(text, "Minutes of the meeting\n".repeat(100));
      const res = await upload(text);
      expect(res.code).toBe(415);
      expect(res.message).toBe(`Unsupported file type: ${name}. Choose an audio or video recording, such as MP3, M4A, WAV, FLAC, MP4, MOV or MKV.`);
    }
    expect(await prisma.task.count({ where: { userId: user.userId } })).toBe(before);
  });
});

describe("each format decodes to the speech WAV", () => {
  it.each(FORMAT_CASES.map((c) => [c.label, c] as const))("%s: a 16 kHz WAV of the clip's length ± 0.1 s", async (_label, c) => {
    const out = path.join(tmp, `${c.file}.wav`);
    await normalizeToWav(makeFormatFile(tmp, c), out);
    const wav = await readWavInfo(out);
    expect(wav.sampleRate).toBe(16000);
    expect(Math.abs(wav.durationSec - c.seconds)).toBeLessThanOrEqual(0.1);
  });
});

describe("end to end through the worker", () => {
  beforeAll(() => {
    workerConnection = newRedisConnection();
    worker = new Worker(queues.media, runTranscriptionJob, { connection: workerConnection, prefix: bullPrefix(), concurrency: 1 });
  });

  async function transcribed(id: string): Promise<TaskJson> {
    return waitFor(
      `task ${id} to finish`,
      async () => {
        const t = (await call<TaskJson>(getTask, { token: user.token, params: { id } })).data;
        return t.status === "completed" || t.status === "failed" ? t : null;
      },
      { timeoutMs: 200_000 },
    );
  }

  /** What the player is given: the kind and the served type of the task's media. */
  async function player(id: string) {
    const link = await call<{ url: string; kind: string }>(mediaUrl, { token: user.token, params: { id } });
    const u = new URL(link.data.url, "http://localhost:3000");
    const res = await media(new NextRequest(u), { params: Promise.resolve({ taskId: id }) });
    await res.arrayBuffer();
    return { kind: link.data.kind, type: res.headers.get("content-type") };
  }

  it("FLAC of the JFK clip: its words, and it plays as it came", async () => {
    const flac = makeFormatFile(tmp, FORMAT_CASES.find((c) => c.container === "flac")!);
    const res = await upload(flac);
    const task = await transcribed(res.data.tasks[0]!.id);
    expect(task.status).toBe("completed");
    expect(task.duration).toBeCloseTo(11, 1);
    const heard = new Set(task.fullText.toLowerCase().split(/\W+/));
    expect(JFK_WORDS.filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(4);
    expect(await player(task.id)).toEqual({ kind: "audio", type: "audio/flac" });
  });

  it.each(["WMA", "Opus in Ogg"])("%s of the JFK clip: its words", async (label) => {
    const file = makeFormatFile(tmp, FORMAT_CASES.find((c) => c.label === label)!);
    const task = await transcribed((await upload(file)).data.tasks[0]!.id);
    expect(task.status).toBe("completed");
    const heard = new Set(task.fullText.toLowerCase().split(/\W+/));
    expect(JFK_WORDS.filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(4);
  });

  it("the corpus MPEG-1 video: transcribed within its 3 s, and plays from its WAV (browsers cannot play MPEG-1)", async () => {
    const res = await upload(VIDEO_CLIP);
    expect(res.data.tasks[0]!.mediaKind).toBe("video");
    const task = await transcribed(res.data.tasks[0]!.id);
    expect(task.status).toBe("completed");
    expect(task.duration).toBeCloseTo(3, 1);
    // The GRID alignment (video/grid_swwp2s.align, 1/25000 s units): "set white with p two soon",
    // speech from 12250 (0.49 s) to 55250 (2.21 s).
    expect(task.timeline.length).toBeGreaterThan(0);
    expect(Math.abs(task.timeline[0]!.begin - 490)).toBeLessThanOrEqual(250);
    expect(Math.abs(task.timeline.at(-1)!.end - 2210)).toBeLessThanOrEqual(250);
    expect(task.fullText.toLowerCase()).toMatch(/\bsoon\b/);
    expect(await player(task.id)).toEqual({ kind: "audio", type: "audio/wav" });
    // Still a video task in the list.
    expect(task.mediaKind).toBe("video");
  });
});
