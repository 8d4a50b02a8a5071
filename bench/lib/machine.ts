import fs from "node:fs";
import os from "node:os";

/** "2025-01-01, 2 × AMD EPYC (nproc 2), 23.5 GiB, Node v20" for bench records. */
export function machineLine(): string {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const model = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown CPU";
  const gib = (os.totalmem() / 2 ** 30).toFixed(1);
  return `${new Date().toISOString().slice(0, 10)}, ${model}, nproc ${os.availableParallelism()}, ${gib} GiB RAM, Node ${process.version}`;
}
