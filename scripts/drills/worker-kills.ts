// Worker kills: tasks of every kind run while the real worker process is
// SIGKILLed at random moments and restarted; afterwards every task must have
// reached an end, with the minutes right (see task-mix.ts for the checks).
import { prisma } from "@/lib/server/prisma";
import { checkSettledAndBilled, KINDS, submit, waitAllSettled, type MixProblem, type MixTask, type MixUser } from "./task-mix";
import { sleep } from "@/tests/helpers/wait";
import { killHard, startWorkerProcess, type WorkerProcessOptions } from "@/tests/helpers/worker-process";

export interface KillRecord {
  n: number;
  afterMs: number;
  livedMs: number;
  inWork: number;
}

export interface KillDrillResult {
  tasks: MixTask[];
  kills: KillRecord[];
  stuck: MixTask[];
  problems: MixProblem[];
  ms: number;
}

/** Each worker's log: appended to `workerLog`, else shown when DRILL_WORKER_LOG names a level. */
function workerOptions(workerLog: string | undefined): WorkerProcessOptions {
  const shown = process.env.DRILL_WORKER_LOG as WorkerProcessOptions["logLevel"];
  return { logLevel: shown ?? "warn", stderr: workerLog ? { file: workerLog } : shown ? "inherit" : "ignore" };
}

export async function runKillDrill(opts: { kills: number; users: MixUser[]; linkUrl: string; lifeMs: [number, number]; settleMs: number; log?: (line: string) => void; workerLog?: string }): Promise<KillDrillResult> {
  const started = Date.now();
  const log = opts.log ?? (() => undefined);
  const tasks: MixTask[] = [];
  const add = async (kind: (typeof KINDS)[number], user: MixUser) => {
    try {
      tasks.push(await submit(kind, user, opts.linkUrl));
    } catch (error) {
      log(`submit ${kind}: ${(error as Error).message}`);
    }
  };
  for (const user of opts.users) for (const kind of KINDS) await add(kind, user);
  const kills: KillRecord[] = [];
  for (let n = 1; n <= opts.kills; n++) {
    const worker = startWorkerProcess(workerOptions(opts.workerLog));
    const born = Date.now();
    const [lo, hi] = opts.lifeMs;
    // New work keeps arriving while workers die; kept at a few tasks in work so most kills land mid-task.
    const user = opts.users[n % opts.users.length]!;
    const working = await prisma.task.count({ where: { status: { in: ["queued", "transcribing", "merging", "analyzing", "translating"] } } });
    for (let i = 0; i < (working < 3 ? 3 : 1); i++) await add(KINDS[Math.floor(Math.random() * KINDS.length)]!, user);
    await sleep(Math.max(0, lo + Math.random() * (hi - lo) - (Date.now() - born)));
    const inWork = await prisma.task.count({ where: { status: { in: ["queued", "transcribing", "merging", "analyzing", "translating"] } } });
    await killHard(worker);
    kills.push({ n, afterMs: Date.now() - started, livedMs: Date.now() - born, inWork });
    log(`kill ${n}: worker lived ${Date.now() - born} ms, ${inWork} tasks in work`);
  }
  const last = startWorkerProcess(workerOptions(opts.workerLog));
  const stuck = await waitAllSettled(tasks, opts.settleMs);
  const problems = await checkSettledAndBilled(tasks, opts.users);
  await killHard(last);
  return { tasks, kills, stuck, problems, ms: Date.now() - started };
}
