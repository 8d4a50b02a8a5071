import "server-only";
import fs from "node:fs";

/**
 * CPU and memory of a process with all its running descendants, read from
 * Linux's /proc (0 for any process that has ended meanwhile). Used by the
 * reused decoders (their CPU for benches) and by the benches themselves.
 */

/** The running children of a process (none once it has ended). */
export function childPids(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** A process and all its running descendants. */
function processTree(pid: number): number[] {
  return [pid, ...childPids(pid).flatMap(processTree)];
}

/** One number from a process's /proc file, 0 once it has ended. */
function readProc(pid: number, file: "status" | "stat", pick: (text: string) => number): number {
  try {
    return pick(fs.readFileSync(`/proc/${pid}/${file}`, "utf8"));
  } catch {
    return 0;
  }
}

/** Resident memory (VmRSS, KiB) of a process and all its descendants. */
export function treeRssKb(pid: number): number {
  return processTree(pid).reduce((kb, p) => kb + readProc(p, "status", (t) => Number(/VmRSS:\s+(\d+)/.exec(t)?.[1] ?? 0)), 0);
}

/** CPU milliseconds (user + system) a process and its running descendants have used. */
export function treeCpuMs(pid: number): number {
  const ms = (stat: string) => {
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the whole line, in USER_HZ (100).
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
    return (f[11]! + f[12]!) * 10;
  };
  return processTree(pid).reduce((total, p) => total + readProc(p, "stat", ms), 0);
}
