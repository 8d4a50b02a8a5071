import fs from "node:fs";
import { Worker } from "node:worker_threads";

// The process-tree readers live with the server code that needs them too (the reused decoders).
export { treeCpuMs, treeRssKb } from "@/lib/server/proc-tree";

/** CPU seconds (user + system) of this process and of its children that have exited, from /proc/self/stat. */
export function cpuSeconds(): { self: number; children: number } {
  const stat = fs.readFileSync("/proc/self/stat", "utf8");
  // Fields after the parenthesised command name; utime is field 14 of the whole line.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
  const tick = 100; // USER_HZ on Linux
  return { self: (f[11]! + f[12]!) / tick, children: (f[13]! + f[14]!) / tick };
}

/**
 * Samples the resident memory of this process's tree every `intervalMs` on a
 * worker thread, so that the samples keep coming while the main thread is busy
 * with synchronous work (diarization). Peaks are kept per phase: call
 * `phase(i)` when a new phase starts. The sampler's own thread counts in the
 * process's RSS (a few MiB).
 */
export class RssSampler {
  private readonly shared: Float64Array;
  private readonly worker: Worker;

  constructor(
    readonly phases: string[],
    intervalMs = 500,
  ) {
    // [current phase, samples, then per phase: peak tree KiB, peak of this process KiB, peak of the children KiB]
    this.shared = new Float64Array(new SharedArrayBuffer(8 * (2 + 3 * phases.length)));
    const code = `
      const fs = require("node:fs");
      const { workerData } = require("node:worker_threads");
      const { shared, pid, intervalMs } = workerData;
      const rss = (p) => Number(/VmRSS:\\s+(\\d+)/.exec(fs.readFileSync("/proc/" + p + "/status", "utf8"))?.[1] ?? 0);
      const tree = (p) => {
        let own = 0, kids = 0;
        try { own = rss(p); } catch { return { own: 0, kids: 0 }; }
        try {
          for (const t of fs.readdirSync("/proc/" + p + "/task")) {
            const list = fs.readFileSync("/proc/" + p + "/task/" + t + "/children", "utf8").trim();
            for (const k of list ? list.split(/\\s+/) : []) { const sub = tree(Number(k)); kids += sub.own + sub.kids; }
          }
        } catch { /* ended */ }
        return { own, kids };
      };
      const sample = () => {
        const { own, kids } = tree(pid);
        const at = 2 + 3 * shared[0];
        shared[1] += 1;
        shared[at] = Math.max(shared[at], own + kids);
        shared[at + 1] = Math.max(shared[at + 1], own);
        shared[at + 2] = Math.max(shared[at + 2], kids);
      };
      sample();
      setInterval(sample, intervalMs);
    `;
    this.worker = new Worker(code, { eval: true, workerData: { shared: this.shared, pid: process.pid, intervalMs } });
    this.worker.unref();
  }

  phase(index: number): void {
    this.shared[0] = index;
  }

  /** Peaks in MiB per phase, and overall. */
  peaks(): { phase: string; treeMiB: number; selfMiB: number; childrenMiB: number }[] {
    return this.phases.map((phase, i) => ({
      phase,
      treeMiB: this.shared[2 + 3 * i]! / 1024,
      selfMiB: this.shared[3 + 3 * i]! / 1024,
      childrenMiB: this.shared[4 + 3 * i]! / 1024,
    }));
  }

  samples(): number {
    return this.shared[1]!;
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}
