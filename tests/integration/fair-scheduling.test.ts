import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// Issue 14 "Fair scheduling": a short upload finishes while another user's long recording is still
// being transcribed (docs/scheduling.md). The real queue, a real worker running media jobs two at a
// time, the real embedded engine sharing this process's decoder slots.
jest.setTimeout(300_000);

let tmp: string;
let worker: Worker;
let workerConnection: ReturnType<typeof newRedisConnection>;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-fair-"));
  workerConnection = newRedisConnection();
  worker = new Worker(queues.media, runTranscriptionJob, { connection: workerConnection, prefix: bullPrefix(), concurrency: 2 });
});

afterAll(async () => {
  await worker?.close();
  await workerConnection?.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** About three minutes of speech: corpus clips joined end to end, as 16 kHz mono WAV. */
function longRecording(): string {
  const manifest = fs.readFileSync(path.join(CORPUS, "manifest.tsv"), "utf8").split("\n").slice(1);
  const clips = manifest.map((l) => l.split("\t")).filter((c) => c[0]?.startsWith("single/en_") && c[0].endsWith(".wav"));
  const list = path.join(tmp, "list.txt");
  let total = 0;
  const lines: string[] = [];
  while (total < 180) {
    for (const c of clips) {
      lines.push(`file '${path.join(CORPUS, c[0]!)}'`);
      total += Number(c[3]);
    }
  }
  fs.writeFileSync(list, lines.join("\n"));
  const out = path.join(tmp, "long.wav");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "concat", "-safe", "0", "-i", list, "-ar", "16000", "-ac", "1", "-t", "180", out]);
  return out;
}

async function upload(token: string, file: string): Promise<string> {
  const res = await call<{ tasks: { id: string }[] }>(create, { token, form: await formWithFiles([{ path: file, type: "audio/wav" }]) });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 240_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const taskRow = (id: string) => prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, completedSteps: true, estimatedMinutes: true, fullText: true } });

it("a 5-second clip finishes while another user's 3-minute recording is still transcribing, and both complete", async () => {
  const [alice, bob] = [await signIn("fair-long"), await signIn("fair-short")];
  const longId = await upload(alice.token, longRecording());
  // The long recording is normalised and its chunks hold both decoder slots.
  await waitFor("the long recording to start decoding", async () => (await taskRow(longId)).completedSteps.includes("prepare"));
  await new Promise((r) => setTimeout(r, 1_000));

  const started = Date.now();
  const clipId = await upload(bob.token, path.join(CORPUS, "single/en_librivox_ss01_0890.wav"));
  // Its estimate is its own few seconds plus the long one's fair share of them, not the whole 3 minutes.
  expect((await taskRow(clipId)).estimatedMinutes).toBe(1);
  const clip = await waitFor("the clip", async () => {
    const t = await taskRow(clipId);
    return t.status === "completed" || t.status === "failed" ? t : null;
  });
  const clipSec = (Date.now() - started) / 1000;
  const longMeanwhile = await taskRow(longId);
  console.log(`fair scheduling: clip done in ${clipSec.toFixed(1)} s while the long recording was "${longMeanwhile.status}" (steps ${longMeanwhile.completedSteps.join(",")})`);
  expect(clip.status).toBe("completed");
  expect((clip.fullText ?? "").length).toBeGreaterThan(0);
  expect(longMeanwhile.status).toBe("transcribing");
  expect(longMeanwhile.completedSteps).not.toContain("transcribe");

  const long = await waitFor("the long recording", async () => {
    const t = await taskRow(longId);
    return t.status === "completed" || t.status === "failed" ? t : null;
  });
  expect(long.status).toBe("completed");
  expect((long.fullText ?? "").split(/\s+/).length).toBeGreaterThan(100);
});
