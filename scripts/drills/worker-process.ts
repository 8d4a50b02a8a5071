// The real worker process (npx tsx workers/main.ts), started in its own process
// group so a SIGKILL takes npx, tsx and node down together, as a crash would.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const started: ChildProcess[] = [];

export function startWorkerProcess(extraEnv: Record<string, string> = {}): ChildProcess {
  const child = spawn("npx", ["tsx", "--conditions=react-server", "workers/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: process.env.DRILL_WORKER_LOG ?? "error", ...extraEnv },
    stdio: ["ignore", "ignore", process.env.DRILL_WORKER_LOG ? "inherit" : "ignore"],
    detached: true,
  });
  started.push(child);
  return child;
}

export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGKILL to the worker's whole process group. */
export function killHard(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Kills every worker this module started (for afterAll). */
export function killAllStarted(): void {
  for (const child of started) if (isRunning(child)) killHard(child);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
