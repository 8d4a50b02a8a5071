// Redirects are followed by yt-dlp itself, so each hop must be checked when it is
// made: real yt-dlp runs against a loopback redirector (the one honoured test
// host) that sends it on to private "canary" servers. The canaries count every
// TCP connection: none may arrive. A redirect that stays on the test host works.
import fsp from "node:fs/promises";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { startEgressGuard } from "./egress-guard";
import { downloadAudio, probeVideo } from "./ytdlp";
import { linkFailureCode } from "@/tests/helpers/link-errors";

jest.setTimeout(60_000);

const jfk = path.resolve(process.cwd(), "../shared/corpus/single/en_jfk.wav");
let dir: string;
let media: Buffer;
let redirector: http.Server;
let redirectorHost: string;
let canary: http.Server;
let canaryPort: number;
let canary6: http.Server | null = null;
let canary6Port = 0;
const connections: string[] = [];

function listen(server: http.Server, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve((server.address() as net.AddressInfo).port));
  });
}

function countingServer(label: string): http.Server {
  const server = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>internal</html>"));
  server.on("connection", () => connections.push(label));
  return server;
}

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "links-redirects-"));
  const file = path.join(dir, "jfk.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", jfk, "-c:a", "aac", "-b:a", "48k", file]);
  media = await fsp.readFile(file);
  // /to?u=<url> answers 302 to <url>; /media.m4a is the media.
  redirector = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/to") return void res.writeHead(302, { location: url.searchParams.get("u") ?? "/" }).end();
    if (url.pathname === "/media.m4a") return void res.writeHead(200, { "content-type": "audio/mp4", "content-length": media.length }).end(media);
    res.writeHead(404).end();
  });
  redirectorHost = `127.0.0.1:${await listen(redirector, "127.0.0.1")}`;
  canary = countingServer("127.0.0.1");
  canaryPort = await listen(canary, "127.0.0.1");
  canary6 = countingServer("[::1]");
  canary6Port = await listen(canary6, "::1").catch(() => 0); // no IPv6 loopback: that case checks the refusal only
  // Read by env() on first use, which is after this point.
  process.env.APP_URL = "http://127.0.0.1:3000";
  process.env.LINK_IMPORT_TEST_HOSTS = redirectorHost;
});

afterAll(async () => {
  for (const server of [redirector, canary, canary6]) {
    if (!server?.listening) continue;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await fsp.rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  connections.length = 0;
});

/** A link on the redirector that sends yt-dlp to `target` through `hops` redirects. */
function redirectLink(target: string, hops = 1): string {
  let url = `http://${redirectorHost}/to?u=${encodeURIComponent(target)}`;
  for (let h = 1; h < hops; h++) url = `http://${redirectorHost}/to?u=${encodeURIComponent(url)}`;
  return url;
}

async function scratch(name: string): Promise<string> {
  const d = path.join(dir, name);
  await fsp.mkdir(d, { recursive: true });
  return d;
}

describe("a redirect from the test host to a private address is refused at each hop", () => {
  const targets = () => [
    `http://127.0.0.1:${canaryPort}/internal`,
    `http://localhost:${canaryPort}/internal`,
    `http://[::1]:${canary6Port || 80}/`,
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/",
    `ftp://127.0.0.1:${canaryPort}/`,
  ];

  test.each([1, 3])("probe, %i hop(s): link_blocked, no canary contacted", async (hops) => {
    for (const target of targets()) {
      expect([target, await linkFailureCode(() => probeVideo(redirectLink(target, hops)))]).toEqual([target, "link_blocked"]);
    }
    expect(connections).toEqual([]);
  });

  test("download, 1 and 3 hops: link_blocked, no canary contacted, no file left", async () => {
    for (const hops of [1, 3]) {
      const d = await scratch(`blocked-${hops}`);
      const code = await linkFailureCode(() => downloadAudio(redirectLink(`http://127.0.0.1:${canaryPort}/internal`, hops), d, { maxBytes: 10_000_000 }));
      expect(code).toBe("link_blocked");
      expect(await fsp.readdir(d)).toEqual([]);
    }
    expect(connections).toEqual([]);
  });
});

describe("a redirect that stays on the test host still works", () => {
  test("probe and download follow it", async () => {
    const link = redirectLink(`http://${redirectorHost}/media.m4a`, 2);
    const info = await probeVideo(link);
    expect(info.extractor.toLowerCase()).toContain("generic");
    const d = await scratch("legit");
    const got = await downloadAudio(link, d, { maxBytes: 10_000_000 });
    expect((await fsp.stat(got.file)).size).toBe(media.length);
    expect(connections).toEqual([]);
  });
});

describe("the egress guard itself", () => {
  /** One plain-HTTP request through the guard; resolves with the status code. */
  function viaProxy(proxyUrl: string, target: string): Promise<number> {
    const proxy = new URL(proxyUrl);
    return new Promise((resolve, reject) => {
      http.get({ host: proxy.hostname, port: proxy.port, path: target, headers: { host: new URL(target).host } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).once("error", reject);
    });
  }

  /** A CONNECT through the guard; resolves with the status line's code. */
  function connectViaProxy(proxyUrl: string, authority: string): Promise<number> {
    const proxy = new URL(proxyUrl);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: proxy.hostname, port: proxy.port, method: "CONNECT", path: authority });
      req.once("connect", (res, socket) => {
        socket.destroy();
        resolve(res.statusCode ?? 0);
      });
      req.once("response", (res) => resolve(res.statusCode ?? 0));
      req.once("error", reject);
      req.end();
    });
  }

  test("a name that resolves to a private address is refused when the connection is made (rebinding)", async () => {
    // The name answers "public" to anyone who asked before; the guard resolves it itself, once, and connects to what it checked.
    const lookups: string[] = [];
    const guard = await startEgressGuard({
      allowedHosts: [],
      publicPorts: [80, 443, canaryPort],
      lookup: async (name) => {
        lookups.push(name);
        return ["127.0.0.1"];
      },
    });
    try {
      expect(await viaProxy(guard.url, `http://rebind.example:${canaryPort}/internal`)).toBe(403);
      expect(await connectViaProxy(guard.url, `rebind.example:${canaryPort}`)).toBe(403);
      expect(await connectViaProxy(guard.url, `[::ffff:127.0.0.1]:${canaryPort}`)).toBe(403);
      expect(lookups).toEqual(["rebind.example", "rebind.example"]);
      expect(guard.refused).toHaveLength(3);
    } finally {
      await guard.close();
    }
    expect(connections).toEqual([]);
  });

  test("only the exact allowed host:port may be loopback", async () => {
    const guard = await startEgressGuard({ allowedHosts: [redirectorHost] });
    try {
      expect(await viaProxy(guard.url, `http://${redirectorHost}/media.m4a`)).toBe(200);
      expect(await viaProxy(guard.url, `http://127.0.0.1:${canaryPort}/internal`)).toBe(403);
      expect(await viaProxy(guard.url, `http://${redirectorHost}/to?u=${encodeURIComponent("file:///etc/passwd")}`)).toBe(403);
      expect(await connectViaProxy(guard.url, `127.0.0.1:${canaryPort}`)).toBe(403);
    } finally {
      await guard.close();
    }
    expect(connections).toEqual([]);
  });
});
