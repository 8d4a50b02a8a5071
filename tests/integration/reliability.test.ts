import { SPEECH_PORT } from "./reliability.env";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as usage } from "@/app/api/usage/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";

// The worker as it runs in production (its own process, BullMQ, Redis) with an
// OpenAI-compatible speech server on loopback that we can make fail, hang or
// hear nothing. Proves: a failed attempt is retried, a dead worker's job is
// taken over without redoing finished steps, and a hopeless task fails with
// its details and gives the minutes back.
jest.setTimeout(120_000);

type Mode = "ok" | "fail" | "hang" | "silence";
let mode: Mode = "ok";
const requests: { auth?: string; model: boolean }[] = [];
let server: http.Server;
const workers: ChildProcess[] = [];
let user: Awaited<ReturnType<typeof signIn>>;

const SPOKEN = "And so my fellow Americans ask not what your country can do for you";

beforeAll(async () => {
  await setupTestDatabase();
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("latin1");
      requests.push({ auth: req.headers.authorization, model: body.includes("whisper-loopback") });
      const current = mode;
      if (current === "hang") return; // never answers; the worker holding it will be killed
      res.setHeader("content-type", "application/json");
      if (current === "fail") {
        mode = "ok"; // only this one attempt fails
        res.statusCode = 503;
        return res.end(JSON.stringify({ error: { message: "overloaded", type: "server_error" } }));
      }
      const segments = current === "silence" ? [] : [{ id: 0, start: 0.3, end: 10.6, text: ` ${SPOKEN}` }];
      res.end(JSON.stringify({ task: "transcribe", language: "english", duration: 11, text: current === "silence" ? "" : SPOKEN, segments }));
    });
  });
  await new Promise<void>((resolve) => server.listen(SPEECH_PORT, "127.0.0.1", resolve));
  user = await signIn("reliable");
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) killHard(w);
  await new Promise((r) => server.close(r));
});

function startWorker(): ChildProcess {
  const child = spawn("npx", ["tsx", "--conditions=react-server", "workers/main.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, LOG_LEVEL: "warn" },
    // Its own process group, so killHard takes npx, tsx and node down together.
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  workers.push(child);
  return child;
}

/** Kills the worker and every process under it (npx → tsx → node), as a crash would. */
function killHard(child: ChildProcess) {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

async function upload(file = "single/en_jfk.wav") {
  const form = await formWithFiles([{ path: path.join(CORPUS, file), type: "audio/wav" }]);
  const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, form });
  expect(res.code).toBe(200);
  return res.data.tasks[0]!.id;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function taskJson(id: string) {
  const res = await call<{ status: string; timeline: { text: string }[]; errorDetails: { errorCode: string; message: string; suggestions: string[] } | null }>(getTask, { token: user.token, params: { id } });
  return res.data;
}

it("a worker that dies mid-transcription is replaced and the task completes without redoing its first step", async () => {
  mode = "hang";
  const id = await upload();
  const first = startWorker();
  // The worker has normalised the audio and is waiting on the speech server.
  await waitFor("the speech request", async () => requests.length > 0);
  const steps = await prisma.task.findUniqueOrThrow({ where: { id }, select: { completedSteps: true, status: true } });
  expect(steps).toEqual({ completedSteps: ["prepare"], status: "transcribing" });
  killHard(first);

  mode = "ok";
  startWorker();
  const done = await waitFor("completion", async () => {
    const t = await taskJson(id);
    return t.status === "completed" && t;
  });
  expect(done.timeline.map((e) => e.text).join(" ")).toContain("fellow Americans");
  expect(requests.length).toBe(2);
  expect(requests.every((r) => r.auth === "Bearer sk-loopback" && r.model)).toBe(true);
  const row = await prisma.task.findUniqueOrThrow({ where: { id }, select: { completedSteps: true, speechEngine: true } });
  expect(row.completedSteps).toEqual(["prepare", "transcribe", "diarize"]);
  expect(row.speechEngine).toBe("openai");
});

it("a failed attempt is retried and then succeeds", async () => {
  requests.length = 0;
  mode = "fail";
  const id = await upload();
  const done = await waitFor("completion after a retry", async () => {
    const t = await taskJson(id);
    return t.status === "completed" && t;
  });
  expect(requests.length).toBe(2);
  expect(done.errorDetails).toBeNull();
});

it("audio with no speech fails at once with its details and the minutes come back", async () => {
  requests.length = 0;
  mode = "silence";
  const before = (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;
  const id = await upload("single/en_LDC93S1.wav");
  const failed = await waitFor("the failure", async () => {
    const t = await taskJson(id);
    return t.status === "failed" && t;
  });
  expect(requests.length).toBe(1); // not retried: retrying cannot help
  expect(failed.errorDetails).toMatchObject({ errorCode: "no_speech" });
  expect(failed.errorDetails!.message.length).toBeGreaterThan(5);
  expect(failed.errorDetails!.suggestions.length).toBeGreaterThan(0);
  const after = (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;
  expect(after).toBeCloseTo(before, 5);
});
