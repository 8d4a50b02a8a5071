// The real worker process (npx tsx workers/main.ts), started in its own process
// group so a SIGKILL takes npx, tsx and node down together, as a crash would.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const started: ChildProcess[] = [];

/**
 * `supervised` runs it the way `npm start` does, under scripts/supervise.ts (restarted with backoff when it
 * exits); `logFile` collects its stderr.
 */
export function startWorkerProcess(extraEnv: Record<string, string> = {}, opts: { supervised?: boolean; logFile?: string } = {}): ChildProcess {
  const supervised = opts.supervised && fs.existsSync(path.join(ROOT, "scripts/supervise.ts"));
  const [cmd, ...args] = supervised ? ["node", "--import", "tsx", "scripts/supervise.ts"] : ["npx", "tsx", "--conditions=react-server", "workers/main.ts"];
  const stderr = opts.logFile ? fs.openSync(opts.logFile, "a") : process.env.DRILL_WORKER_LOG ? "inherit" : "ignore";
  const child = spawn(cmd!, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: process.env.DRILL_WORKER_LOG ?? "warn", SUPERVISE_BASE_MS: "500", SUPERVISE_MAX_MS: "4000", ...extraEnv },
    stdio: ["ignore", "ignore", stderr],
    detached: true,
  });
  if (typeof stderr === "number") fs.closeSync(stderr);
  started.push(child);
  return child;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/**
 * SIGKILL to the worker's whole process group, and to the groups of its direct children: the supervisor
 * starts the worker in a group of its own, which would otherwise outlive it.
 */
export function killHard(child: ChildProcess): void {
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
}

/** Kills every worker this module started (for afterAll). */
export function killAllStarted(): void {
  for (const child of started) if (isRunning(child)) killHard(child);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
