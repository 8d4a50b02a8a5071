import "./nginx-scale.env";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import { clientAddress } from "@/lib/rate-limit/rate-limit";
import { COLLAB_PATH } from "@/lib/collab/hocuspocus";
import { listenOn, loopbackPort } from "@/tests/helpers/ports";

// The scale profile's proxy config (scripts/nginx-scale.conf), run for real in Debian's nginx
// (scripts/setup.sh installs it): Docker cannot run here, so compose-scale.test.ts reads the
// compose file and this test runs its proxy. Only the upstream addresses and the listen port are
// rewritten; two small backends stand in for the web processes and say who answered.

const CONF = fs.readFileSync(path.join(process.cwd(), "scripts/nginx-scale.conf"), "utf8");

interface Backend {
  name: string;
  server: http.Server;
  port: number;
  sockets: Set<Socket>;
  /** Resolves on the first body chunk of an upload that is still being sent. */
  firstChunk?: () => void;
}

async function startBackend(name: string): Promise<Backend> {
  const backend = { name, sockets: new Set<Socket>() } as Backend;
  backend.server = http.createServer((req, res) => {
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      if (bytes === 0) backend.firstChunk?.();
      bytes += chunk.length;
    });
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ name, bytes, headers: req.headers }));
    });
  });
  // The co-editing socket: answer the upgrade, then echo with our name and the client's address.
  backend.server.on("upgrade", (req, socket: Socket) => {
    socket.write("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n");
    socket.on("data", (data) => socket.write(`${name}:${req.headers["x-forwarded-for"]}:${data.toString()}`));
  });
  backend.server.on("connection", (s) => {
    backend.sockets.add(s);
    s.on("close", () => backend.sockets.delete(s));
  });
  await listenOn(backend.server, 0);
  backend.port = (backend.server.address() as AddressInfo).port;
  return backend;
}

async function stopBackend(b: Backend): Promise<void> {
  for (const s of b.sockets) s.destroy();
  await new Promise((resolve) => b.server.close(resolve));
}

/** The config with our addresses; fails loudly if the file stops naming what the test rewrites. */
function localConf(webPort: number, web2Port: number, listenPort: number): string {
  const rewrites: [RegExp, string][] = [
    [/server web:3000\b/, `server 127.0.0.1:${webPort}`],
    [/server web-2:3000\b/, `server 127.0.0.1:${web2Port}`],
    [/listen 80;/, `listen 127.0.0.1:${listenPort};`],
  ];
  return rewrites.reduce((conf, [from, to]) => {
    if (!from.test(conf)) throw new Error(`scripts/nginx-scale.conf no longer has ${from}`);
    return conf.replace(from, to);
  }, CONF);
}

let web: Backend;
let web2: Backend;
let nginx: ChildProcess;
let proxyUrl: string;
let dir: string;

beforeAll(async () => {
  [web, web2] = await Promise.all([startBackend("web"), startBackend("web-2")]);
  const port = loopbackPort();
  proxyUrl = `http://127.0.0.1:${port}`;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-nginx-"));
  fs.chmodSync(dir, 0o777); // nginx's workers may run as an unprivileged user
  fs.writeFileSync(path.join(dir, "default.conf"), localConf(web.port, web2.port, port));
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((k) => `${k}_temp_path ${dir}/${k};`).join(" ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
     events { worker_connections 256; }
     http { access_log off; ${temp} include ${dir}/default.conf; }`,
  );
  // /usr/sbin is not on every user's PATH.
  const binary = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  nginx = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  for (let i = 0; i < 100; i++) {
    if (await fetch(proxyUrl).then(() => true, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
});

afterAll(async () => {
  nginx?.kill("SIGQUIT");
  await Promise.all([web, web2].filter(Boolean).map((b) => stopBackend(b).catch(() => undefined)));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

interface Echo {
  name: string;
  bytes: number;
  headers: Record<string, string>;
}

/** node:http, not fetch: fetch does not let a caller set Host. */
const get = (p: string, headers: Record<string, string> = {}): Promise<Echo> =>
  new Promise((resolve, reject) => {
    http
      .get(`${proxyUrl}${p}`, { headers }, (res) => {
        let text = "";
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve(JSON.parse(text) as Echo));
      })
      .on("error", reject);
  });

test("requests take turns between both web processes, with the client's address, scheme and host", async () => {
  const answers = [];
  for (let i = 0; i < 10; i++) answers.push(await get("/api/health", { host: "tingji.example" }));
  const names = answers.map((a) => a.name);
  expect(names.filter((n) => n === "web").length).toBe(5);
  expect(names.filter((n) => n === "web-2").length).toBe(5);
  const { headers } = answers[0]!;
  expect(headers["x-forwarded-for"]).toBe("127.0.0.1");
  expect(headers["x-forwarded-proto"]).toBe("http");
  expect(headers.host).toBe("tingji.example");
});

test("the co-editing websocket is upgraded and carried both ways", async () => {
  const reply = await new Promise<string>((resolve, reject) => {
    const req = http.request(`${proxyUrl}${COLLAB_PATH}/doc-1`, { headers: { connection: "Upgrade", upgrade: "websocket" } });
    req.on("upgrade", (res, socket) => {
      expect(res.statusCode).toBe(101);
      socket.once("data", (data) => {
        resolve(data.toString());
        socket.destroy();
      });
      socket.write("hello");
    });
    req.on("response", (res) => reject(new Error(`no upgrade: ${res.statusCode}`)));
    req.on("error", reject);
    req.end();
  });
  expect(reply).toMatch(/^(web|web-2):127\.0\.0\.1:hello$/);
});

test("an upload streams through: the web process reads its start before the client has sent the rest", async () => {
  const started = new Promise<void>((resolve) => {
    web.firstChunk = web2.firstChunk = resolve;
  });
  const chunk = Buffer.alloc(256 * 1024, 7);
  const answer = new Promise<Echo>((resolve, reject) => {
    const req = http.request(`${proxyUrl}/api/transcription/upload`, { method: "POST", headers: { "content-type": "application/octet-stream" } }, (res) => {
      let text = "";
      res.on("data", (d) => (text += d));
      res.on("end", () => resolve(JSON.parse(text) as Echo));
    });
    req.on("error", reject);
    req.write(chunk);
    // The rest goes out only once a web process has seen the first part: a buffering proxy would hang here.
    void started.then(() => {
      for (let i = 0; i < 79; i++) req.write(chunk); // 20 MiB in all
      req.end();
    });
  });
  const echo = await answer;
  expect(echo.bytes).toBe(80 * chunk.length);
  web.firstChunk = web2.firstChunk = undefined;
});

test("an address the client made up stays in front: the app, trusting one proxy (TRUST_PROXY=1), takes the one nginx added", async () => {
  const { headers } = await get("/api/health", { "x-forwarded-for": "203.0.113.9" });
  expect(headers["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.1");
  expect(clientAddress(new Headers({ "x-forwarded-for": headers["x-forwarded-for"]! }))).toBe("127.0.0.1");
});

test("with one web process gone, every request is answered by the other", async () => {
  await stopBackend(web2);
  const names = [];
  for (let i = 0; i < 8; i++) {
    const res = await fetch(`${proxyUrl}/api/health`);
    expect(res.status).toBe(200);
    names.push(((await res.json()) as Echo).name);
  }
  expect(new Set(names)).toEqual(new Set(["web"]));
});
