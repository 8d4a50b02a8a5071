import "server-only";
import { spawn, type ChildProcess } from "node:child_process";

/**
 * pocketsphinx's tools open their input and output files by name ("/dev/stdin",
 * "/dev/stdout"), which fails on Node's stdio sockets (exit 1, no message). A
 * shell puts real pipes on both sides, in a process group of its own so that
 * killPiped ends the whole pipeline, not only the shell.
 */
export function spawnPiped(binary: string, args: string[]): ChildProcess {
  return spawn("sh", ["-c", 'cat | "$0" "$@" | cat', binary, ...args], { stdio: ["pipe", "pipe", "pipe"], detached: true });
}

/** Ends a spawnPiped pipeline at once (nothing if it has ended). */
export function killPiped(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    /* already gone */
  }
}

/** What an aborted call rejects with: the signal's reason, else an AbortError. */
export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : Object.assign(new Error("aborted"), { name: "AbortError" });
}
