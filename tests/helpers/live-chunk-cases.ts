// The live chunk protocol's cases (docs/live.md), run against local disk (live-chunks.test.ts)
// and S3 through s3rver (live-chunks-s3.test.ts): the real routes, PostgreSQL, Redis and storage.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { GET as getTaskRoute } from "@/app/api/transcription/tasks/[id]/route";
import { usagePeriodOf, usageSeconds } from "@/lib/billing/usage";
import { chunkFolder } from "@/lib/live/chunk-state";
import { prisma } from "@/lib/server/prisma";
import { redis, redisKey } from "@/lib/server/redis";
import { storage } from "@/lib/storage/storage";
import { call } from "./api";
import { setupTestDatabase } from "./db";
import { createLive, deleteLive, finishLive, getLive, listLive, markLive, pauseLive, putLiveChunk, resumeLive, toneChunk } from "./live";
import { loopbackPort } from "./ports";
import { killHard } from "./worker-process";
import { signIn } from "./users";

async function storedKeys(prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const o of storage().list(prefix)) out.push(o.key);
  return out.sort();
}

/** The task's stored WAV, split into header facts and its audio bytes. */
async function taskAudio(taskId: string) {
  const part = await prisma.mediaPart.findFirstOrThrow({ where: { taskId }, select: { storageKey: true, duration: true, mime: true } });
  const wav = await buffer(await storage().openRead(part.storageKey));
  return { duration: part.duration, mime: part.mime, riff: wav.subarray(0, 4).toString("ascii"), rate: wav.readUInt32LE(24), data: wav.subarray(44) };
}

const ROOT = path.resolve(__dirname, "../..");

/** A separate web process serving the live routes (tests/helpers/live-web-process.ts). */
async function startWebProcess(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/live-web-process.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "error" },
    stdio: ["ignore", "pipe", "inherit"],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("web process did not start")), 60_000);
    child.stdout!.on("data", (d: Buffer) => {
      if (d.toString().includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`web process exited ${code}`)));
  });
  return child;
}

async function httpChunk(port: number, token: string, id: string, seq: number, pcm: Buffer) {
  const res = await fetch(`http://127.0.0.1:${port}/api/live/sessions/${id}/chunks/${seq}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
    body: new Uint8Array(pcm),
  });
  return (await res.json()) as { code: number; data: { receivedSeq: number; durationSec: number } };
}

export function liveChunkCases() {
  let user: Awaited<ReturnType<typeof signIn>>;
  let other: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    await setupTestDatabase();
    user = await signIn("live");
    other = await signIn("other");
  });

  test("out of order and duplicated chunks: receivedSeq is the highest contiguous, each seq stored once", async () => {
    const s = await createLive(user.token);
    expect(s.code).toBe(200);
    expect(s.data).toMatchObject({ state: "recording", chunkSeconds: 0.5, sampleRate: 16000, receivedSeq: -1, durationSec: 0, warnBeforeSec: 300 });
    expect(s.data.id).toMatch(/^[0-9a-f]{32}$/);
    const id = s.data.id;
    const seen: number[] = [];
    for (const seq of [2, 0, 3, 1]) seen.push((await putLiveChunk(user.token, id, seq, toneChunk(seq))).data.receivedSeq);
    expect(seen).toEqual([-1, 0, 0, 3]);
    const again = await putLiveChunk(user.token, id, 1, toneChunk(1));
    expect(again.code).toBe(200);
    expect(again.data).toMatchObject({ receivedSeq: 3, durationSec: 2 });
    expect(await storedKeys(chunkFolder(user.userId, id))).toHaveLength(4);
    const fin = await finishLive(user.token, id, 3);
    expect(fin.code).toBe(200);
    const audio = await taskAudio(fin.data.taskId!);
    expect(audio.riff).toBe("RIFF");
    expect(audio.rate).toBe(16000);
    expect(audio.duration).toBeCloseTo(2.0, 2); // 4 chunks × 0.5 s, by ffprobe
    expect(audio.data.equals(Buffer.concat([0, 1, 2, 3].map((i) => toneChunk(i))))).toBe(true);
  });

  test("missing chunks: finish names them; sent again, the recording is whole; replays after the end are refused", async () => {
    const id = (await createLive(user.token)).data.id;
    for (const seq of [0, 1, 3, 5]) await putLiveChunk(user.token, id, seq, toneChunk(seq));
    const first = await finishLive(user.token, id, 5);
    expect(first.code).toBe(409);
    expect(first.data).toMatchObject({ error: "live.chunksMissing", missing: [2, 4] });
    expect(first.message).toContain("2");
    for (const seq of [4, 2]) await putLiveChunk(user.token, id, seq, toneChunk(seq));
    const done = await finishLive(user.token, id, 5);
    expect(done.code).toBe(200);
    const task = await prisma.task.findUniqueOrThrow({ where: { id: done.data.taskId! }, select: { source: true, status: true, userId: true, spokenLanguage: true } });
    expect(task).toEqual({ source: "live", status: "queued", userId: user.userId, spokenLanguage: "en" });
    expect((await taskAudio(done.data.taskId!)).data.equals(Buffer.concat([0, 1, 2, 3, 4, 5].map((i) => toneChunk(i))))).toBe(true);
    // Replayed: a finish again answers the same task; a chunk after the end is refused.
    expect((await finishLive(user.token, id, 5)).data.taskId).toBe(done.data.taskId);
    const late = await putLiveChunk(user.token, id, 6, toneChunk(6));
    expect(late.data.error).toBe("live.ended");
    // The chunks live on in the task's WAV only; the session is no longer offered to continue.
    expect(await storedKeys(chunkFolder(user.userId, id))).toEqual([]);
    expect((await listLive(user.token)).data.sessions.map((x) => x.id)).not.toContain(id);
    // Charged like an upload: 3 s in the ledger.
    expect((await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: done.data.taskId! } })).seconds).toBe(3);
  });

  test("another user's session id is not found, and nothing of it is touched", async () => {
    const id = (await createLive(user.token)).data.id;
    await putLiveChunk(user.token, id, 0, toneChunk(0));
    for (const answer of [
      await getLive(other.token, id),
      await putLiveChunk(other.token, id, 1, toneChunk(1)),
      await markLive(other.token, id, 0.2),
      await pauseLive(other.token, id),
      await finishLive(other.token, id, 0),
      await deleteLive(other.token, id),
    ]) {
      expect(answer.code).toBe(404);
      expect(answer.data).toEqual({ error: "live.notFound" });
    }
    expect((await listLive(other.token)).data.sessions).toEqual([]);
    expect((await getLive(user.token, id)).data).toMatchObject({ receivedSeq: 0, marks: [] });
    expect(await storedKeys(chunkFolder(user.userId, id))).toHaveLength(1);
    expect((await deleteLive(user.token, id)).data.deleted).toBe(id);
    expect(await storedKeys(chunkFolder(user.userId, id))).toEqual([]);
  });

  test("pause, resume and marks: the marks become the task's highlights at their times", async () => {
    const id = (await createLive(user.token)).data.id;
    await putLiveChunk(user.token, id, 0, toneChunk(0));
    expect((await markLive(user.token, id, 0.25)).data.atSec).toBe(0.25);
    expect((await pauseLive(user.token, id)).data.state).toBe("paused");
    expect((await listLive(user.token)).data.sessions.find((x) => x.id === id)?.state).toBe("paused");
    expect((await resumeLive(user.token, id)).data.state).toBe("recording");
    await putLiveChunk(user.token, id, 1, toneChunk(1));
    await markLive(user.token, id, 0.75);
    const taskId = (await finishLive(user.token, id, 1)).data.taskId!;
    const detail = await call<{ highlights: { atSec: number }[]; source: string }>(getTaskRoute, { token: user.token, params: { id: taskId } });
    expect(detail.data.highlights.map((h) => h.atSec)).toEqual([0.25, 0.75]);
  });

  test("a web process restarted mid-session loses nothing: a second process, then Redis emptied, continue the same session", async () => {
    const id = (await createLive(user.token)).data.id;
    const port = loopbackPort();
    const first = await startWebProcess(port);
    for (const seq of [0, 1, 2, 3]) expect((await httpChunk(port, user.token, id, seq, toneChunk(seq))).code).toBe(200);
    await killHard(first); // as a crash: no clean shutdown
    const second = await startWebProcess(port);
    try {
      for (const seq of [4, 2, 5]) expect((await httpChunk(port, user.token, id, seq, toneChunk(seq))).code).toBe(200);
      // Redis loses the hot state too (flushed, replaced): it is rebuilt from what storage holds.
      await redis().del(redisKey("live", id, "seqs"), redisKey("live", id, "chunks"));
      const after = await httpChunk(port, user.token, id, 6, toneChunk(6));
      expect(after.data).toMatchObject({ receivedSeq: 6, durationSec: 3.5 });
    } finally {
      await killHard(second);
    }
    const taskId = (await finishLive(user.token, id, 6)).data.taskId!;
    expect((await taskAudio(taskId)).data.equals(Buffer.concat([0, 1, 2, 3, 4, 5, 6].map((i) => toneChunk(i))))).toBe(true);
  }, 180_000);

  test("at the plan's limit the last chunk says stop: credits, later chunks are refused, and what was recorded is kept", async () => {
    const poor = await signIn("poor");
    const { total } = await usageSeconds(poor.userId);
    const id = (await createLive(poor.token)).data.id;
    const { start } = await usagePeriodOf(poor.userId);
    await prisma.usagePeriod.upsert({ where: { userId_periodStart: { userId: poor.userId, periodStart: start } }, create: { userId: poor.userId, periodStart: start, nextResetAt: new Date(Date.now() + 864e5), usedSeconds: total - 2 }, update: { usedSeconds: total - 2 } });
    const answers = [];
    for (const seq of [0, 1, 2, 3]) answers.push((await putLiveChunk(poor.token, id, seq, toneChunk(seq))).data);
    expect(answers.map((a) => a.stop ?? null)).toEqual([null, null, null, "credits"]);
    expect(answers[3]!.remainingSec).toBe(0);
    const refused = await putLiveChunk(poor.token, id, 4, toneChunk(4));
    expect(refused.data.error).toBe("upload.usageLimit");
    expect((await getLive(poor.token, id)).data.stop).toBe("credits");
    // No new recording while nothing is left.
    expect((await createLive(poor.token)).data.error).toBe("upload.usageLimit");
    const fin = await finishLive(poor.token, id, 3);
    expect(fin.code).toBe(200);
    const period = await prisma.usagePeriod.findFirstOrThrow({ where: { userId: poor.userId, periodStart: start } });
    expect(period.usedSeconds).toBe(total);
  });

  test("chunks that are too large or damaged are refused with their catalogue codes", async () => {
    const id = (await createLive(user.token)).data.id;
    expect((await putLiveChunk(user.token, id, 0, Buffer.alloc(65 * 1024))).data.error).toBe("live.chunkTooLarge");
    expect((await putLiveChunk(user.token, id, 0, Buffer.alloc(3))).data.error).toBe("live.chunkInvalid");
    expect((await finishLive(user.token, id, -1)).data.error).toBe("live.nothingRecorded");
  });
}
