import { CANARY_PORT, FULL, REDIRECTOR_PORT, SPEECH_PORT } from "./hostile.env";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Worker } from "bullmq";
import { POST as addHotword } from "@/app/api/hotwords/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call } from "@/tests/helpers/api";
import { startFakeSpeech, type FakeSpeech } from "@/tests/helpers/fake-speech";
import { MEETING, seedTranscribedTask } from "@/tests/helpers/tasks";
import { signIn } from "@/tests/helpers/users";
import { buildFixtures, generateCases } from "@/scripts/drills/hostile-cases";
import { hostileSummary, judgeBilledDuration, runHostileCase, type HostileContext, type HostileResult } from "@/scripts/drills/hostile-runner";
import { judgeReferralCredits, runSignUpShape, signUpShapes } from "@/scripts/drills/signup-shapes";
import { waitAllSettled } from "@/scripts/drills/task-mix";
import { env } from "@/lib/server/env";
import { POST as sendLink } from "@/app/api/auth/email/send/route";
import { POST as verifyLink } from "@/app/api/auth/email/verify/route";
import { solvedHumanToken } from "@/tests/helpers/human";
import { latestLinkToken } from "@/tests/helpers/users";
import { listenOn } from "@/tests/helpers/ports";

// The hostile-input drill: generated bad media, documents, JSON, text, file
// names and private-address links against the real routes. ~150 cases here;
// `npm run drill:hostile` (DRILL_FULL=1) runs 1,200.
const COUNT = Number(process.env.DRILL_CASES ?? (FULL ? 1200 : 150));
const SEED = Number(process.env.DRILL_SEED ?? 9);
jest.setTimeout(FULL ? 3_600_000 : 170_000);

let tmp: string;
let speech: FakeSpeech;
let redirector: http.Server;
let canary: http.Server;
const canaryHits: string[] = [];
let worker: Worker;
let connection: ReturnType<typeof newRedisConnection>;

function listen(server: http.Server, port: number) {
  return listenOn(server, port);
}

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-drill-hostile-"));
  speech = await startFakeSpeech(SPEECH_PORT, [10, 50]);
  redirector = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    res.writeHead(302, { location: u.searchParams.get("u") ?? "/" }).end();
  });
  canary = http.createServer((req, res) => {
    canaryHits.push(`${req.method} ${req.url} (${req.headers["user-agent"] ?? "no user-agent"})`);
    res.writeHead(200, { "content-type": "text/html" }).end("<html>internal</html>");
  });
  await listen(redirector, REDIRECTOR_PORT);
  await listen(canary, CANARY_PORT);
  connection = newRedisConnection();
  worker = new Worker(queues.media, runTranscriptionJob, { connection, prefix: bullPrefix(), concurrency: 2 });
});

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
  await speech?.close();
  redirector?.closeAllConnections();
  canary?.closeAllConnections();
  await new Promise((r) => redirector.close(r));
  await new Promise((r) => canary.close(r));
  fs.rmSync(tmp, { recursive: true, force: true });
});

it(`${COUNT} hostile inputs: no 500, no crash, a catalogue message in the caller's language, nothing half-made or left behind`, async () => {
  const user = await signIn("hostile");
  const taskId = await seedTranscribedTask(user.userId, "Hostile target", MEETING);
  const speakerId = (await prisma.speaker.findFirstOrThrow({ where: { taskId }, select: { id: true } })).id;
  await prisma.user.update({ where: { id: user.userId }, data: { planCode: "pro" } });
  const hot = await call<{ hotword: { id: string } }>(addHotword, { token: user.token, json: { text: "target" } });
  const ctx: HostileContext = { token: user.token, userId: user.userId, taskId, speakerId, hotwordId: hot.data.hotword.id, dataDir: process.env.DATA_DIR! };
  const fixtures = await buildFixtures(tmp);
  const cases = generateCases(fixtures, { count: COUNT, seed: SEED, canaryDir: os.tmpdir(), redirector: `http://127.0.0.1:${REDIRECTOR_PORT}`, canaryUrl: `http://127.0.0.1:${CANARY_PORT}/internal` });
  // The jest version takes cases from every family in turn.
  const sample = FULL ? cases : stratified(cases, COUNT);
  const results: HostileResult[] = [];
  for (let i = 0; i < sample.length; i++) results.push(await runHostileCase(sample[i]!, i, ctx));

  // Accepted links must end failed without reaching a private address.
  const linkTasks = results.filter((r) => r.accepted && r.createdTaskId && r.category.startsWith("links")).map((r) => ({ kind: "link" as const, taskId: r.createdTaskId!, submittedAt: 0 }));
  const stuck = await waitAllSettled(linkTasks, 60_000);
  for (const t of linkTasks) {
    const row = await prisma.task.findUnique({ where: { id: t.taskId }, select: { status: true } });
    const r = results.find((x) => x.createdTaskId === t.taskId)!;
    if (row?.status !== "failed" && !r.problem) r.problem = `link to a private address ended ${row?.status}`;
  }
  // Accepted truncated media ran through the transcription: judged on what it was billed.
  const truncated = results.map((r, i) => ({ r, c: sample[i]! })).filter(({ r }) => r.accepted && r.createdTaskId && r.category === "media: truncated");
  await waitAllSettled(truncated.map(({ r }) => ({ kind: "upload" as const, taskId: r.createdTaskId!, submittedAt: 0 })), 60_000);
  for (const { r, c } of truncated) r.problem ??= await judgeBilledDuration(r.createdTaskId!, c.files![0]!.data, tmp);
  const report = { cases: results.length, summary: hostileSummary(results), canaryHits, stuck: stuck.map((t) => t.taskId), failing: results.filter((r) => r.problem).map((r) => `[${r.locale}] ${r.name}: ${r.problem}`) };
  if (process.env.DRILL_REPORT) fs.writeFileSync(process.env.DRILL_REPORT, `${report.summary}\n\ncanary hits: ${JSON.stringify(canaryHits)}\n\n${report.failing.join("\n")}\n`);
  expect(results.length).toBe(Math.min(COUNT, sample.length));
  // No redirect hop may reach a private address. (Failed earlier on 2026-11-24: yt-dlp's generic extractor,
  // which test link hosts get, followed a redirect to 127.0.0.1. Passing since 22:17 UTC.) Do not weaken.
  expect(canaryHits).toEqual([]);
  expect(report.failing).toEqual([]);
  // Refused uploads leave nothing in the scratch area.
  const scratch = path.join(ctx.dataDir, "tmp", "uploads");
  expect(fs.existsSync(scratch) ? fs.readdirSync(scratch) : []).toEqual([]);
});

it("sign-up shapes (plus-addresses, Gmail dots, googlemail.com, look-alikes, injection): no 500, catalogue refusals, one referral credit per new mailbox", async () => {
  const { referrerEmail, referrerMailbox, shapes } = signUpShapes(Date.now().toString(36));
  const referrerDevice = "web_refdev01";
  expect((await call(sendLink, { json: { email: referrerEmail, origin: "transcribe", turnstile_token: await solvedHumanToken() } })).code).toBe(200);
  const referrer = await call<{ user_info: { id: string; referral_code: string } }>(verifyLink, { json: { access_token: latestLinkToken(referrerEmail), device_id: referrerDevice } });
  expect(referrer.code).toBe(200);
  const results = [];
  for (const [i, shape] of shapes.entries()) results.push(await runSignUpShape(shape, i, referrer.data.user_info.referral_code, referrerDevice));
  const credits = await judgeReferralCredits(referrer.data.user_info.id, referrerMailbox, shapes, results, env().REFERRAL_CREDITS_PER_DAY);
  const table = results.map((r) => `${r.name.padEnd(40)} ${r.locale} ${String(r.status).padEnd(4)} ${(r.errorKey ?? (r.accepted ? "signed up" : "")).padEnd(26)} ${r.problem ? `FAIL ${r.problem}` : "ok"}`);
  const reasons = await prisma.referral.groupBy({ by: ["refusedReason"], where: { referrerId: referrer.data.user_info.id }, _count: true });
  if (process.env.DRILL_REPORT) fs.appendFileSync(process.env.DRILL_REPORT, `\nsign-up shapes (${results.length}):\n${table.join("\n")}\nreferral rows: ${JSON.stringify(reasons.map((r) => [r.refusedReason ?? "credited", r._count]))}\ncredits: ${credits ?? "ok"}\n`);
  expect(results.filter((r) => r.problem).map((r) => `[${r.locale}] ${r.name}: ${r.problem}`)).toEqual([]);
  expect(credits).toBeNull();
  // Every shape of the referrer's own mailbox that signed up was refused as such.
  expect(reasons.find((r) => r.refusedReason === "same_person")?._count).toBeGreaterThanOrEqual(5);
});

function stratified<T extends { category: string }>(cases: T[], count: number): T[] {
  const groups = new Map<string, T[]>();
  for (const c of cases) groups.set(c.category, [...(groups.get(c.category) ?? []), c]);
  const picked: T[] = [];
  for (let round = 0; picked.length < count && round < cases.length; round++) {
    for (const group of groups.values()) if (group[round] && picked.length < count) picked.push(group[round]!);
  }
  return picked;
}
