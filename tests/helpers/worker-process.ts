// The worker as it runs in production: workers/main.ts in a process of its own,
// talking to this test file's database and Redis prefix through the environment
// it inherits (see tests/helpers/db.ts and the test's .env.ts). The drills
// (scripts/drills) start and kill it through the same functions.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export interface WorkerProcessOptions {
  /** Settings on top of this process's environment (e.g. a DATABASE_URL that leads nowhere). */
  env?: Record<string, string>;
  logLevel?: "debug" | "info" | "warn" | "error";
  /** Where the worker's log (stderr) goes: this process's stderr, nowhere, or appended to a file. */
  stderr?: "inherit" | "ignore" | { file: string };
  /** Where its info/debug lines (stdout) go: nowhere, or appended to a file (may be the stderr file). */
  stdout?: "ignore" | { file: string };
  /** Run it the way `npm start` does, under scripts/supervise.ts (restarted with backoff when it exits). */
  supervised?: boolean;
}

const ROOT = path.resolve(__dirname, "../..");
const started: ChildProcess[] = [];

/**
 * Starts a worker. It is node itself (not npx or the tsx launcher), so a signal sent
 * to it reaches the worker and its exit code is the worker's; it leads its own
 * process group, so killHard also takes down what it started (ffmpeg).
 */
export function startWorkerProcess({ env = {}, logLevel = "warn", stderr = "inherit", stdout = "ignore", supervised = false }: WorkerProcessOptions = {}): ChildProcess {
  const script = supervised ? ["scripts/supervise.ts"] : ["--conditions=react-server", "workers/main.ts"];
  const log = typeof stderr === "object" ? fs.openSync(stderr.file, "a") : stderr;
  const out = typeof stdout === "object" ? fs.openSync(stdout.file, "a") : stdout;
  const child = spawn(process.execPath, ["--import", "tsx", ...script], {
    cwd: ROOT,
    // A supervised worker comes back quickly in tests.
    env: { ...process.env, LOG_LEVEL: logLevel, SUPERVISE_BASE_MS: "500", SUPERVISE_MAX_MS: "4000", ...env },
    stdio: ["ignore", out, log],
    detached: true,
  });
  if (typeof log === "number") fs.closeSync(log);
  if (typeof out === "number") fs.closeSync(out);
  started.push(child);
  return child;
}

export const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/**
 * Kills the worker and everything under it at once, as a crash would: its process group and
 * the groups of its direct children (the supervisor starts the worker in a group of its own).
 * Resolves when it has gone.
 */
export async function killHard(child: ChildProcess): Promise<void> {
  if (!isRunning(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  let children: number[] = [];
  try {
    children = execFileSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" }).split("\n").filter(Boolean).map(Number);
  } catch {
    // no children
  }
  for (const pid of [child.pid!, ...children]) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // not a group leader, or already gone
    }
  }
  await exited;
}

/** For afterAll: kills every worker this test file started that is still running. */
export async function stopWorkers(): Promise<void> {
  await Promise.all(started.splice(0).map(killHard));
}
