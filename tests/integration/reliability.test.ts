import { SPEECH_PORT } from "./reliability.env";
import http from "node:http";
import { GET as usage } from "@/app/api/usage/route";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { taskOnceItIs, uploadClip } from "@/tests/helpers/uploads";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";
import { killHard, startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";
import { listenOn } from "@/tests/helpers/ports";

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
  await listenOn(server, SPEECH_PORT);
  user = await signIn("reliable");
});

afterAll(async () => {
  await stopWorkers();
  await new Promise((r) => server.close(r));
});

const upload = (file?: string) => uploadClip(user.token, file);
// A transcription takes a while on two cores.
const LONG = { timeoutMs: 90_000 };
const whenTask = (id: string, status: string) => taskOnceItIs(user.token, id, status, LONG);

it("a worker that dies mid-transcription is replaced and the task completes without redoing its first step", async () => {
  mode = "hang";
  const id = await upload();
  const first = startWorkerProcess();
  // The worker has normalised the audio and is waiting on the speech server.
  await waitFor("the speech request", async () => requests.length > 0, LONG);
  const steps = await prisma.task.findUniqueOrThrow({ where: { id }, select: { completedSteps: true, status: true } });
  expect(steps).toEqual({ completedSteps: ["prepare"], status: "transcribing" });
  await killHard(first);

  mode = "ok";
  startWorkerProcess();
  const done = await whenTask(id, "completed");
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
  const done = await whenTask(id, "completed");
  expect(requests.length).toBe(2);
  expect(done.errorDetails).toBeNull();
});

it("audio with no speech fails at once with its details and the minutes come back", async () => {
  requests.length = 0;
  mode = "silence";
  const before = (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;
  const id = await upload("single/en_LDC93S1.wav");
  const failed = await whenTask(id, "failed");
  expect(requests.length).toBe(1); // not retried: retrying cannot help
  expect(failed.errorDetails).toMatchObject({ errorCode: "no_speech" });
  expect(failed.errorDetails!.message.length).toBeGreaterThan(5);
  expect(failed.errorDetails!.suggestions.length).toBeGreaterThan(0);
  const after = (await call<{ usedMinutes: number }>(usage, { token: user.token })).data.usedMinutes;
  expect(after).toBeCloseTo(before, 5);
});
