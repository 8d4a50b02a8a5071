// The decoding profile picked at upload ("faster" / "more accurate") is stored on the task,
// and the pipeline hands its flags to the real pocketsphinx process. A wrapper first on PATH
// writes each call's arguments to a file and then runs the real /usr/bin/pocketsphinx_continuous.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { DECODER_PROFILES, pocketsphinxEngine } from "@/lib/speech/pocketsphinx";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

jest.setTimeout(180_000);

let tmp: string;
let argsLog: string;
let oldPath: string | undefined;
let worker: Worker;
let workerConnection: ReturnType<typeof newRedisConnection>;
let user: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-profile-"));
  argsLog = path.join(tmp, "args.log");
  const bin = path.join(tmp, "bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "pocketsphinx_continuous"), `#!/bin/sh\necho "$*" >> '${argsLog}'\nexec /usr/bin/pocketsphinx_continuous "$@"\n`, { mode: 0o755 });
  oldPath = process.env.PATH;
  process.env.PATH = `${bin}:${oldPath}`;
  user = await signIn("profile");
  workerConnection = newRedisConnection();
  worker = new Worker(queues.media, runTranscriptionJob, { connection: workerConnection, prefix: bullPrefix(), concurrency: 1 });
});

afterAll(async () => {
  process.env.PATH = oldPath;
  await worker?.close();
  await workerConnection?.quit();
  fs.rmSync(tmp, { recursive: true, force: true });
});

function loggedCalls(): string[] {
  return fs.existsSync(argsLog) ? fs.readFileSync(argsLog, "utf8").trim().split("\n").filter(Boolean) : [];
}

async function waitDone(id: string) {
  for (let i = 0; i < 600; i++) {
    const res = await call<{ status: string; decodeProfile: string | null; fullText: string }>(getTask, { token: user.token, params: { id } });
    if (res.data.status === "completed" || res.data.status === "failed") return res.data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("task did not finish");
}

describe("decoding profile", () => {
  it("reaches the engine's arguments: the fast flags for 'fast', the accurate ones by default", async () => {
    const wav = path.join(CORPUS, "single/en_jfk.wav");
    const engine = pocketsphinxEngine();
    fs.rmSync(argsLog, { force: true });
    const fast = await engine.transcribe(wav, { profile: "fast" });
    const accurate = await engine.transcribe(wav, {});
    const [fastCall, defaultCall] = loggedCalls();
    expect(fastCall).toContain(DECODER_PROFILES.fast.join(" "));
    expect(defaultCall).toContain(DECODER_PROFILES.accurate.join(" "));
    expect(defaultCall).not.toContain("-fwdflat no");
    // Both are real transcripts of the clip.
    expect(fast.segments.map((s) => s.text).join(" ").toLowerCase()).toContain("country");
    expect(accurate.segments.map((s) => s.text).join(" ").toLowerCase()).toContain("country");
  });

  it("is stored from the upload field and honoured by the pipeline; a bad value is refused", async () => {
    fs.rmSync(argsLog, { force: true });
    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }], { decode_profile: "fast" }) });
    expect(res.code).toBe(200);
    const id = res.data.tasks[0]!.id;
    expect((await prisma.task.findUniqueOrThrow({ where: { id } })).decodeProfile).toBe("fast");
    const task = await waitDone(id);
    expect(task.status).toBe("completed");
    expect(task.decodeProfile).toBe("fast");
    expect(task.fullText.toLowerCase()).toContain("country");
    const calls = loggedCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) expect(c).toContain(DECODER_PROFILES.fast.join(" "));

    // No field: the default profile, stored as null.
    fs.rmSync(argsLog, { force: true });
    const plain = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }]) });
    const plainTask = await waitDone(plain.data.tasks[0]!.id);
    expect(plainTask.decodeProfile).toBeNull();
    for (const c of loggedCalls()) expect(c).toContain(DECODER_PROFILES.accurate.join(" "));

    const before = await prisma.task.count({ where: { userId: user.userId } });
    const bad = await call(create, { token: user.token, form: await formWithFiles([{ path: path.join(CORPUS, "single/en_jfk.wav") }], { decode_profile: "turbo" }) });
    expect(bad.code).toBe(400);
    expect(bad.message).toBe('The speed must be "accurate" or "fast".');
    expect(await prisma.task.count({ where: { userId: user.userId } })).toBe(before);
  });
});
