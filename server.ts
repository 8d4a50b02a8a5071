// The web's one port: Next (pages and API) and the co-editing websocket (COLLAB_PATH) on one
// HTTP server, so the browser reaches both on the app's own origin (docs/collaboration.md).
//   npm run web   (after `next build`; scripts/start.sh and docker-compose use it)
// Development: `npm run dev` (next dev) serves pages and API with hot reload, without the co-editing socket.
// Run with `--conditions=react-server`: the collab modules are server-only, like the worker's.
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import next from "next";
import { attachCollab, closeCollab, createCollabServer } from "@/lib/collab/hocuspocus";
import { PEER_ADDRESS_HEADER } from "@/lib/api/peer-address";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";

async function main() {
  const argv = process.argv.slice(2);
  const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const port = Number(flag("-p") ?? flag("--port") ?? 3000);
  const hostname = flag("-H") ?? flag("--hostname") ?? "0.0.0.0";
  const dev = env().NODE_ENV === "development";

  const app = next({ dev, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  const server = http.createServer((req, res) => {
    // The socket's own address, for per-address limits when no proxy is trusted (lib/api/rate-limit.ts
    // clientAddress). Set here on every request, so a value sent by the client never survives.
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    void handle(req, res);
  });
  const collab = createCollabServer();
  // In development Next's own upgrade listener serves hot reloading; in production nothing else may upgrade.
  const wss = attachCollab(server, collab, { closeOthers: !dev });

  server.listen(port, hostname, () => logger.info("web listening", { url: `http://${hostname}:${port}`, collab: "/collab" }));

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    await closeCollab(collab, wss);
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

/**
 * WEB_PROCESSES > 1: this process only forks that many copies of the server and
 * replaces one that dies (node:cluster shares the port; connections are dealt
 * round-robin). One event loop spends its core on one request at a time, so on a
 * machine of several cores a single process is the ceiling (bench/README.md "load").
 * SIGTERM/SIGINT go to every copy, which stop as a single process does.
 */
function supervise(count: number) {
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
      setTimeout(fork, 1000);
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

const processes = env().WEB_PROCESSES || os.availableParallelism();
if (cluster.isPrimary && processes > 1) supervise(processes);
else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
