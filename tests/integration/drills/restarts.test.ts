import { AI_PORT, FULL, PG_PORT, REDIS_PORT, SITE_PORT, SPEECH_PORT } from "./restarts.env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { migrate } from "@/lib/server/migrations";
import { call, CORPUS } from "@/tests/helpers/api";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/helpers/fake-openai";
import { startFakeSpeech, type FakeSpeech } from "@/tests/helpers/fake-speech";
import { startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import { signIn } from "@/tests/helpers/users";
import { probeDuringOutage, type OutageAnswer } from "@/scripts/drills/outage";
import { PrivatePostgres, PrivateRedis } from "@/scripts/drills/private-services";
import { checkSettledAndBilled, KINDS, removeMixScratch, standing, submit, waitAllSettled, type MixTask } from "@/scripts/drills/task-mix";
import { sleep } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// The restart drill: web (route handlers here) and the real worker process run
// against a private PostgreSQL and Redis; each is restarted while tasks of every
// kind run. The tasks finish afterwards, nothing is lost, and while a service is
// down the web answers a clear 503 quickly instead of hanging or a 500.
// `npm run drill:restarts` (DRILL_FULL=1) restarts each service several times.
jest.setTimeout(FULL ? 1_800_000 : 170_000);
const ROUNDS = FULL ? 3 : 1;
const DOWN_MS = 3_000;

let pg: PrivatePostgres;
let redis: PrivateRedis;
let speech: FakeSpeech;
let ai: FakeOpenAi;
let site: LoopbackSite;
let tmp: string;

beforeAll(async () => {
  pg = new PrivatePostgres(PG_PORT);
  pg.start();
  redis = new PrivateRedis(REDIS_PORT);
  await redis.start();
  await migrate({ databaseUrl: process.env.DATABASE_URL! });
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-drill-restarts-"));
  const m4a = path.join(tmp, "jfk.m4a");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "aac", m4a]);
  speech = await startFakeSpeech(SPEECH_PORT, [500, 2500]);
  ai = await startFakeOpenAi({ port: AI_PORT, delayMs: 50 });
  site = await startLoopbackSite(m4a, SITE_PORT);
});

afterAll(async () => {
  await stopWorkers();
  await speech?.close();
  await ai?.close();
  await site?.close();
  removeMixScratch();
  // The shared clients must let go before their servers vanish.
  const shared = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> }; redis?: { disconnect(): void } };
  await shared.prisma?.$disconnect().catch(() => {});
  shared.redis?.disconnect();
  shared.prisma = undefined;
  shared.redis = undefined;
  await redis?.destroy();
  pg?.destroy();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it("tasks survive restarts of Redis and PostgreSQL, and the web answers a clear 503 while one is down", async () => {
  const user = await signIn("restart");
  const users = [user];
  const workerLog = path.join(tmp, "worker.log");
  const worker = startWorkerProcess({ supervised: true, stderr: { file: workerLog }, logLevel: "warn" });
  const exits: string[] = [];
  worker.on("exit", (code, signal) => exits.push(`worker (supervisor) exited ${code ?? signal}`));
  const tasks: MixTask[] = [];
  const submitted: string[] = [];
  const wave = async () => {
    for (const kind of KINDS) {
      try {
        tasks.push(await submit(kind, user, site.url("/page/chunked.m4a")));
      } catch (error) {
        submitted.push(`${kind}: ${(error as Error).message}`);
      }
    }
  };
  const outages: OutageAnswer[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await wave();
    await sleep(1500);
    await redis.stop("save");
    outages.push(...(await probeDuringOutage("redis", user.token, tasks[0]!.taskId)));
    await sleep(DOWN_MS);
    await redis.start();
    await wave();
    await sleep(1500);
    pg.stop("fast");
    outages.push(...(await probeDuringOutage("postgres", user.token, tasks[0]!.taskId)));
    await sleep(DOWN_MS);
    pg.start();
  }
  // Tasks the web accepted while a service was down are owed a result too.
  for (const o of outages) if (o.acceptedTask) tasks.push({ kind: o.route.includes("paste") ? "text" : "upload", taskId: o.acceptedTask, submittedAt: 0 });
  const stuck = await waitAllSettled(tasks, FULL ? 300_000 : 90_000);
  const problems = await checkSettledAndBilled(tasks, users);
  // A few seconds of outage is a transient failure: retried, not a task the user loses.
  const states = await Promise.all(tasks.map(async (t) => ({ t, s: await standing(t) })));
  const lost = states.filter((x) => x.s.state === "failed").map((x) => `${x.t.kind} ${x.t.taskId} ended ${x.s.status}`);
  const after = await call<{ total: number }>(listTasks, { token: user.token });
  const log = fs.existsSync(workerLog) ? fs.readFileSync(workerLog, "utf8").split("\n").filter(Boolean) : [];
  const report = { tasks: tasks.length, lost, stuck: stuck.map((t) => `${t.kind} ${t.taskId}`), problems, refusedSubmissions: submitted, outages, exits, workerLogTail: log.slice(-40).map((l) => l.slice(0, 400)) };
  if (process.env.DRILL_REPORT) fs.writeFileSync(process.env.DRILL_REPORT, JSON.stringify(report, null, 2) + "\n");
  expect(after.code).toBe(200);
  expect(submitted).toEqual([]);
  expect(stuck.map((t) => `${t.kind} ${t.taskId}`)).toEqual([]);
  expect(problems).toEqual([]);
  expect(lost).toEqual([]);
  expect(outages.filter((o) => o.problem).map((o) => `${o.service} down: ${o.route}: ${o.problem}`)).toEqual([]);
});
