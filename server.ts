// The web's one port: Next (pages and API) and the co-editing websocket (COLLAB_PATH) on one
// HTTP server, so the browser reaches both on the app's own origin (docs/collab.md).
//   npm run web   (after `next build`; scripts/start.sh and docker-compose use it)
// Development: `npm run dev` (next dev) serves pages and API with hot reload, without the co-editing socket.
// Run with `--conditions=react-server`: the collab modules are server-only, like the worker's.
// First: keeps Node from loading every module's source map (lib/server/no-source-maps.ts).
import "@/lib/server/no-source-maps";
import cluster from "node:cluster";
import http from "node:http";
import os from "node:os";
import next from "next";
import { attachCollab, closeCollab, createCollabServer } from "@/lib/collab/hocuspocus";
import { guardMalformedPaths } from "@/lib/api/malformed-path";
import { holdIdleConnections } from "@/lib/server/keep-alive";
import { PEER_ADDRESS_HEADER } from "@/lib/server/peer-address";
import { env } from "@/lib/server/env";
import { logger } from "@/lib/server/logger";
import { superviseWebProcesses } from "@/lib/server/web-cluster";

async function main() {
  const argv = process.argv.slice(2);
  const flag = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const port = Number(flag("-p") ?? flag("--port") ?? 3000);
  const hostname = flag("-H") ?? flag("--hostname") ?? "0.0.0.0";
  const dev = env().NODE_ENV === "development";

  const app = next({ dev, hostname, port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // A path whose percent-escapes do not decode never reaches Next's router (it answered a bare 500):
  // 400 with the envelope under /api, the not-found page elsewhere (lib/api/malformed-path.ts).
  const answer = guardMalformedPaths(handle);
  const server = http.createServer((req, res) => {
    // The socket's own address, for per-address limits when no proxy is trusted (lib/rate-limit/rate-limit.ts
    // clientAddress). Set here on every request, so a value sent by the client never survives.
    req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
    answer(req, res);
  });
  holdIdleConnections(server);
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

const processes = env().WEB_PROCESSES || os.availableParallelism();
if (cluster.isPrimary && processes > 1) superviseWebProcesses(processes);
else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
