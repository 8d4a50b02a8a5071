// Keeps the job worker running: starts it, and when it exits (a crash, the
// kernel's OOM killer) starts it again after a backoff that doubles while it
// keeps crashing quickly (SUPERVISE_BASE_MS, up to SUPERVISE_MAX_MS) and resets
// once it has run for a minute. Each restart is recorded in Redis, where
// /api/health reads it (lib/ops/health.ts: "crash-looping"). SIGTERM/SIGINT
// are passed to the worker, which gets WORKER_SHUTDOWN_MS (+5 s) to stop.
//
//   tsx scripts/supervise.ts                 # the worker: tsx --conditions=react-server workers/main.ts
//   tsx scripts/supervise.ts -- <command...> # any other command (tests)
//
// Plain Node on purpose (no lib/ imports): it must keep working when the app's code does not.
import { spawn, type ChildProcess } from "node:child_process";
import IORedis from "ioredis";

const BASE_MS = Number(process.env.SUPERVISE_BASE_MS ?? 1_000);
const MAX_MS = Number(process.env.SUPERVISE_MAX_MS ?? 60_000);
/** A worker that ran this long was healthy: its next crash starts the backoff again. */
const HEALTHY_AFTER_MS = Number(process.env.SUPERVISE_HEALTHY_MS ?? 60_000);
const STOP_GRACE_MS = Number(process.env.WORKER_SHUTDOWN_MS ?? 20_000) + 5_000;
/** Restarts kept in the record (health counts those of the last few minutes). */
const KEEP_RESTARTS = 20;

const dashes = process.argv.indexOf("--");
const command = dashes >= 0 ? process.argv.slice(dashes + 1) : ["npx", "tsx", "--conditions=react-server", "workers/main.ts"];

/** The record /api/health reads; same key as supervisorKey() in lib/jobs/contract.ts. */
const recordKey = `${process.env.REDIS_PREFIX ?? "tingji"}:worker:supervisor`;
const redis = new IORedis(process.env.REDIS_URL ?? "redis://127.0.0.1:6379", { maxRetriesPerRequest: 1, lazyConnect: true });
redis.on("error", () => undefined); // best effort: a supervisor without Redis still restarts the worker

type SupervisorRecord = { pid: number; state: "running" | "waiting" | "stopped"; startedAt: number; restarts: number[]; backoffs: number[]; lastExit?: { code: number | null; signal: string | null; at: number }; nextStartAt?: number };
const record: SupervisorRecord = { pid: process.pid, state: "running", startedAt: Date.now(), restarts: [], backoffs: [] };

async function save() {
  await redis.set(recordKey, JSON.stringify(record), "EX", 24 * 3600).catch(() => undefined);
}

let child: ChildProcess | undefined;
let stopping = false;
let failuresInARow = 0;
let restartTimer: NodeJS.Timeout | undefined;

function start() {
  const startedAt = Date.now();
  record.state = "running";
  record.startedAt = startedAt;
  delete record.nextStartAt;
  void save();
  child = spawn(command[0]!, command.slice(1), { stdio: "inherit", detached: true });
  child.once("error", (e) => console.error(`supervise: could not start ${command.join(" ")}: ${e.message}`));
  child.once("exit", (code, signal) => {
    child = undefined;
    if (stopping) return;
    const ranMs = Date.now() - startedAt;
    failuresInARow = ranMs >= HEALTHY_AFTER_MS ? 1 : failuresInARow + 1;
    const delay = Math.min(MAX_MS, BASE_MS * 2 ** (failuresInARow - 1));
    const now = Date.now();
    record.state = "waiting";
    record.lastExit = { code, signal, at: now };
    record.restarts = [...record.restarts, now].slice(-KEEP_RESTARTS);
    record.backoffs = [...record.backoffs, delay].slice(-KEEP_RESTARTS);
    record.nextStartAt = now + delay;
    void save();
    console.error(`supervise: worker exited (${signal ?? `code ${code}`}) after ${Math.round(ranMs / 1000)} s; restarting in ${delay} ms`);
    restartTimer = setTimeout(start, delay);
  });
}

async function stop(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  clearTimeout(restartTimer);
  const running = child;
  if (running?.pid) {
    const exited = new Promise((r) => running.once("exit", r));
    try {
      process.kill(-running.pid, signal);
    } catch {
      running.kill(signal);
    }
    const inTime = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), STOP_GRACE_MS))]);
    if (!inTime) {
      try {
        process.kill(-running.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  record.state = "stopped";
  await save();
  redis.disconnect();
  process.exit(0);
}

process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
void redis.connect().catch(() => undefined);
start();
