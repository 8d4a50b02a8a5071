// The decoding profile picked at upload ("faster" / "more accurate") is stored on the task,
// and the pipeline hands its flags to the real pocketsphinx decoder: seen in a wrapper that
// writes each call's arguments to a file and then runs the real /usr/bin/pocketsphinx_batch,
// and in the command lines of the decoders this process started (/proc).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { normalizeToWav } from "@/lib/media/ffmpeg";
import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { DECODER_PROFILES, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { ownDecoders } from "@/tests/helpers/decoders";
import { signIn } from "@/tests/helpers/users";

jest.setTimeout(180_000);

let tmp: string;
let argsLog: string;
let wrapper: string;
let worker: Worker;
let workerConnection: ReturnType<typeof newRedisConnection>;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  earlier = new Set(ownDecoders().keys());
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-profile-"));
  argsLog = path.join(tmp, "args.log");
  const bin = path.join(tmp, "bin");
  fs.mkdirSync(bin);
  wrapper = path.join(bin, "pocketsphinx_batch");
  fs.writeFileSync(wrapper, `#!/bin/sh\necho "$*" >> '${argsLog}'\nexec /usr/bin/pocketsphinx_batch "$@"\n`, { mode: 0o755 });
  user = await signIn("profile");
  workerConnection = newRedisConnection();
  worker = new Worker(queues.media, runTranscriptionJob, { connection: workerConnection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  closeBatchDecoders();
  await worker?.close();
  await workerConnection?.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function loggedCalls(): string[] {
  return fs.existsSync(argsLog) ? fs.readFileSync(argsLog, "utf8").trim().split("\n").filter(Boolean) : [];
}

/** Decoders an earlier test file in this jest worker left idle (they end on their own within 30 s). */
let earlier = new Set<string>();
/** Command lines of the running decoders this test file started. */
function decodersOf(seen: Set<string>) {
  for (const [pid, cmd] of ownDecoders()) if (!earlier.has(pid)) seen.add(cmd);
}

async function waitDone(id: string, seen = new Set<string>()) {
  for (let i = 0; i < 6000; i++) {
    decodersOf(seen);
    if (i % 10) {
      await new Promise((r) => setTimeout(r, 25));
      continue;
    }
    const res = await call<{ status: string; decodeProfile: string | null; fullText: string }>(getTask, { token: user.token, params: { id } });
    if (res.data.status === "completed" || res.data.status === "failed") return res.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("task did not finish");
}

describe("decoding profile", () => {
  it("reaches the engine's arguments: the fast flags for 'fast', the accurate ones by default", async () => {
    // As the pipeline hands it over: normalized to a plain 16 kHz mono WAV.
    const wav = path.join(tmp, "jfk.wav");
    await normalizeToWav(path.join(CORPUS, "single/en_jfk.wav"), wav);
    const engine = pocketsphinxEngine({ batchBinary: wrapper });
    fs.rmSync(argsLog, { force: true });
    const fast = await engine.transcribe(wav, { profile: "fast" });
    const accurate = await engine.transcribe(wav, {});
    const [fastCall, defaultCall] = loggedCalls();
    expect(fastCall).toContain(DECODER_PROFILES.fast.join(" "));
    expect(defaultCall).toContain(DECODER_PROFILES.accurate.join(" "));
    expect(defaultCall).not.toContain("-fwdflat no");
    // Both are real transcripts (the fast one of fewer right words).
    expect(fast.segments.length).toBeGreaterThan(0);
    expect(accurate.segments.map((s) => s.text).join(" ").toLowerCase()).toContain("country");
  });

  it("is stored from the upload field and honoured by the pipeline; a bad value is refused", async () => {
    closeBatchDecoders(); // the first test's idle decoders must not be counted here
    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }], { decode_profile: "fast" }) });
    expect(res.code).toBe(200);
    const id = res.data.tasks[0]!.id;
    expect((await prisma.task.findUniqueOrThrow({ where: { id } })).decodeProfile).toBe("fast");
    const fastSeen = new Set<string>();
    const task = await waitDone(id, fastSeen);
    expect(task.status).toBe("completed");
    expect(task.decodeProfile).toBe("fast");
    expect(task.fullText.length).toBeGreaterThan(0);
    expect(fastSeen.size).toBeGreaterThan(0);
    for (const c of fastSeen) expect(c).toContain(DECODER_PROFILES.fast.join(" "));

    // No field: the default profile, stored as null.
    closeBatchDecoders();
    const plain = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }]) });
    const plainSeen = new Set<string>();
    const plainTask = await waitDone(plain.data.tasks[0]!.id, plainSeen);
    expect(plainTask.decodeProfile).toBeNull();
    expect(plainTask.fullText.toLowerCase()).toContain("country");
    expect(plainSeen.size).toBeGreaterThan(0);
    for (const c of plainSeen) expect(c).toContain(DECODER_PROFILES.accurate.join(" "));

    const before = await prisma.task.count({ where: { userId: user.userId } });
    const bad = await call(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }], { decode_profile: "turbo" }) });
    expect(bad.code).toBe(400);
    expect(bad.message).toBe('The speed must be "accurate" or "fast".');
    expect(await prisma.task.count({ where: { userId: user.userId } })).toBe(before);
  });
});
