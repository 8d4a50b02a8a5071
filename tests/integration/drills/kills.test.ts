import { FULL, PORTS } from "./kills.env";
import fs from "node:fs";
import path from "node:path";
import { setupTestDatabase } from "@/tests/helpers/db";
import { signIn } from "@/tests/helpers/users";
import { startLoopbackServices, type LoopbackServices } from "@/scripts/drills/loopback-services";
import { removeMixScratch, standing } from "@/scripts/drills/task-mix";
import { runKillDrill } from "@/scripts/drills/worker-kills";
import { stopWorkers } from "@/tests/helpers/worker-process";

// The worker-kill drill: the real worker process is SIGKILLed at random moments
// while uploads, merges, documents, pasted text, links (loopback site + yt-dlp),
// analyses and translations (loopback OpenAI-compatible server) run; 5 kills
// here, 100 with `npm run drill:kills` (DRILL_FULL=1).
const KILLS = Number(process.env.DRILL_KILLS ?? (FULL ? 100 : 5));
jest.setTimeout(FULL ? 3_600_000 : 170_000);

let services: LoopbackServices;

beforeAll(async () => {
  await setupTestDatabase();
  services = await startLoopbackServices(PORTS, { name: "kills", aiDelayMs: 30 });
});

afterAll(async () => {
  await stopWorkers();
  await services?.close();
  removeMixScratch();
});

it(`every task of every kind ends completed or failed, with minutes right, through ${KILLS} SIGKILLs of the worker`, async () => {
  const users = await Promise.all([signIn("kill-a"), signIn("kill-b")]);
  const lines: string[] = [];
  const result = await runKillDrill({
    kills: KILLS,
    users,
    linkUrl: services.site.url("/page/chunked.m4a"),
    lifeMs: [1500, 7000],
    settleMs: FULL ? 600_000 : 90_000,
    log: (l) => lines.push(l),
    workerLog: path.join(services.dir, "worker.log"),
  });
  // What the workers said about each task that did not end well.
  const workerLog = fs.existsSync(path.join(services.dir, "worker.log")) ? fs.readFileSync(path.join(services.dir, "worker.log"), "utf8").split("\n") : [];
  const aboutProblems = Object.fromEntries(result.problems.map((p) => [p.taskId, workerLog.filter((l) => l.includes(p.taskId)).slice(-12).map((l) => l.slice(0, 300))]));
  const outcomes: Record<string, number> = {};
  for (const t of result.tasks) {
    const { status } = await standing(t);
    outcomes[`${t.kind} ${status}`] = (outcomes[`${t.kind} ${status}`] ?? 0) + 1;
  }
  const summary = {
    outcomes,
    kills: result.kills.length,
    tasks: result.tasks.length,
    byKind: Object.fromEntries([...new Set(result.tasks.map((t) => t.kind))].map((k) => [k, result.tasks.filter((t) => t.kind === k).length])),
    killsDuringWork: result.kills.filter((k) => k.inWork > 0).length,
    seconds: Math.round(result.ms / 1000),
    problems: result.problems,
    aboutProblems,
    log: lines.filter((l) => l.startsWith("submit")),
  };
  if (process.env.DRILL_REPORT) fs.writeFileSync(process.env.DRILL_REPORT, JSON.stringify(summary, null, 2) + "\n" + lines.join("\n") + "\n");
  expect(result.kills.length).toBe(KILLS);
  expect(summary.log).toEqual([]); // every kind was accepted
  expect(result.problems).toEqual([]);
  expect(result.stuck.map((t) => t.kind)).toEqual([]);
});
