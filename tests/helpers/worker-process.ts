// The worker as it runs in production: workers/main.ts in a process of its own,
// talking to this test file's database and Redis prefix through the environment
// it inherits (see tests/helpers/db.ts and the test's .env.ts).
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface WorkerProcessOptions {
  /** Settings on top of this process's environment (e.g. a DATABASE_URL that leads nowhere). */
  env?: Record<string, string>;
  logLevel?: "debug" | "info" | "warn" | "error";
  /** Where the worker's log (stderr) goes: this process's stderr, or an open file descriptor. */
  stderr?: "inherit" | number;
}

const started: ChildProcess[] = [];

/**
 * Starts a worker. It is node itself (not npx or the tsx launcher), so a signal sent
 * to it reaches the worker and its exit code is the worker's; it leads its own
 * process group, so killHard also takes down what it started (ffmpeg).
 */
export function startWorkerProcess({ env = {}, logLevel = "warn", stderr = "inherit" }: WorkerProcessOptions = {}): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "workers/main.ts"], {
    cwd: path.resolve(__dirname, "../.."),
    env: { ...process.env, LOG_LEVEL: logLevel, ...env },
    stdio: ["ignore", "ignore", stderr],
    detached: true,
  });
  started.push(child);
  return child;
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Kills the worker and everything under it at once, as a crash would; resolves when it has gone. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (!running(child)) return;
  const exited = new Promise((r) => child.once("exit", r));
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
  await exited;
}

/** For afterAll: kills every worker this test file started that is still running. */
export async function stopWorkers(): Promise<void> {
  await Promise.all(started.splice(0).map(killHard));
}
