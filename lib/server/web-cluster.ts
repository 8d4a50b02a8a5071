import "server-only";
import cluster from "node:cluster";
import { logger } from "./logger";

/**
 * WEB_PROCESSES > 1: this process only forks that many copies of the server and
 * replaces one that dies (node:cluster shares the port; connections are dealt
 * round-robin). One event loop spends its core on one request at a time, so on a
 * machine of several cores a single process is the ceiling (bench/README.md "load").
 * SIGTERM/SIGINT go to every copy, which stop as a single process does.
 */
export function superviseWebProcesses(count: number, opts: { restartDelayMs?: number } = {}) {
  let stopping = false;
  const fork = () => {
    let listening = false;
    const worker = cluster.fork();
    worker.on("listening", () => (listening = true));
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      // One that never came up (a weak secret, a taken port) would fail again: stop as a single process would.
      if (!listening) {
        logger.error("web process failed to start; stopping", { code, signal });
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
        process.exit(code || 1);
      }
      logger.warn("web process ended; starting another", { code, signal });
      setTimeout(fork, opts.restartDelayMs ?? 1000);
    });
  };
  for (let i = 0; i < count; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  logger.info("web processes", { count });
}
