// A stand-in for server.ts under WEB_PROCESSES > 1 (tests/integration/web-cluster.test.ts): the real
// supervisor, with copies that serve their own pid, or (WEB_CLUSTER_FIXTURE=fail) die before listening.
//   node --conditions=react-server --import tsx tests/helpers/web-cluster-fixture.ts
import cluster from "node:cluster";
import http from "node:http";
import { superviseWebProcesses } from "@/lib/server/web-cluster";

if (cluster.isPrimary) superviseWebProcesses(2, { restartDelayMs: 200 });
else if (process.env.WEB_CLUSTER_FIXTURE === "fail") process.exit(5);
else http.createServer((_req, res) => res.end(String(process.pid))).listen(Number(process.env.PORT), "127.0.0.1");
