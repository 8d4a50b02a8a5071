import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import { env } from "@/lib/server/env";
import { LinkFetchError } from "./fetch-error";

export interface YtdlpRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export interface YtdlpRunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** Called for each stdout line as it arrives (progress). */
  onLine?: (line: string) => void;
  /** Keep at most this much of stdout (the probe's JSON can be a few MB). */
  maxStdoutBytes?: number;
}

const MAX_STDERR_CHARS = 64 * 1024;

// yt-dlp runs in its own process group (it may start ffmpeg), so that abort,
// timeout and worker exit can end the whole group.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Runs yt-dlp with an argument array (never a shell). Resolves with its exit code
 * and output; rejects with the abort reason on abort, LinkFetchError("link_network")
 * on timeout, and LinkFetchError("link_not_configured") when the binary is missing.
 */
export function runYtdlp(args: string[], opts: YtdlpRunOptions): Promise<YtdlpRun> {
  opts.signal?.throwIfAborted();
  installExitHook();
  return new Promise((resolve, reject) => {
    const child = spawn(env().YTDLP_PATH, args, { detached: true, stdio: ["ignore", "pipe", "pipe"], env: childEnvironment() });
    running.add(child);
    const out = collectStdout(child, opts);
    let stderr = "";
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-MAX_STDERR_CHARS);
    });

    let failure: unknown;
    const stop = (reason: unknown) => {
      failure ??= reason;
      killGroup(child);
    };
    const onAbort = () => stop(opts.signal!.reason);
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => stop(new LinkFetchError("link_network", { detail: `yt-dlp timed out after ${opts.timeoutMs} ms` })), opts.timeoutMs);

    const finish = () => {
      clearTimeout(timer);
      opts.signal?.removeEventListener("abort", onAbort);
      running.delete(child);
    };
    child.once("error", (e: NodeJS.ErrnoException) => {
      finish();
      reject(failure ?? spawnError(e));
    });
    child.once("close", (exitCode) => {
      finish();
      if (failure !== undefined) reject(failure);
      else resolve({ exitCode, stdout: out.text(), stderr });
    });
  });
}

/**
 * The worker's environment without proxy variables: yt-dlp gets its proxy (the
 * egress guard) by flag, and a NO_PROXY would let requests to matching hosts skip it.
 */
function childEnvironment(): NodeJS.ProcessEnv {
  // eslint-disable-next-line no-restricted-properties -- passed on to the child as is, not read as a setting
  const inherited = process.env;
  return Object.fromEntries(Object.entries(inherited).filter(([name]) => !/_proxy$/i.test(name))) as NodeJS.ProcessEnv;
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    child.kill("SIGKILL"); // the group is already gone; make sure the leader is too
  }
}

function collectStdout(child: ChildProcess, opts: YtdlpRunOptions) {
  const max = opts.maxStdoutBytes ?? 1024 * 1024;
  let text = "";
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    if (text.length < max) text += chunk.slice(0, max - text.length);
    if (!opts.onLine) return;
    const lines = (partial + chunk).split(/\r?\n/);
    partial = lines.pop() ?? "";
    for (const line of lines) opts.onLine(line);
  });
  return { text: () => text };
}

function spawnError(e: NodeJS.ErrnoException): LinkFetchError {
  const missing = e.code === "ENOENT" || e.code === "EACCES";
  return new LinkFetchError(missing ? "link_not_configured" : "link_fetch_failed", { detail: `spawn yt-dlp: ${e.code ?? e.message}` });
}

// A worker that exits mid-download must not leave yt-dlp running on its own.
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) killGroup(child);
  });
}
