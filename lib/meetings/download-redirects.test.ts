// A recording link comes from the meeting-bot provider, and its storage may
// redirect. Each hop is checked before it is connected to: only the provider's
// own host:port may be loopback (a local fake), everything else must be public.
// The canaries count TCP connections: none may arrive.
import fs from "node:fs";
import fsp from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { downloadToFile } from "./download";
import { MeetingProviderError } from "./http";

const NO_RETRY = { retries: 0, baseDelayMs: 10, maxDelayMs: 10 };
const RECORDING = Buffer.alloc(200_000, 7);
let dir: string;
const servers: http.Server[] = [];
const canaryConnections: string[] = [];
let providerHost: string;
let canaryPort: number;
let canary6Port = 0;

async function listen(server: http.Server, host: string): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, host, resolve));
  return (server.address() as AddressInfo).port;
}

function canary(label: string): http.Server {
  const server = http.createServer((_req, res) => res.end("internal"));
  server.on("connection", () => canaryConnections.push(label));
  return server;
}

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "meetings-redirects-"));
  // The provider (loopback, as the fake is): /to?u=<url> redirects, /rec.mp4 is the recording.
  const provider = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/to") return void res.writeHead(302, { location: url.searchParams.get("u") ?? "/" }).end();
    if (url.pathname === "/rec.mp4") return void res.writeHead(200, { "content-type": "video/mp4", "content-length": RECORDING.length }).end(RECORDING);
    res.writeHead(404).end();
  });
  providerHost = `127.0.0.1:${await listen(provider, "127.0.0.1")}`;
  canaryPort = await listen(canary("127.0.0.1"), "127.0.0.1");
  canary6Port = await listen(canary("[::1]"), "::1").catch(() => 0);
});

afterAll(async () => {
  for (const s of servers) if (s.listening) await new Promise((r) => (s.closeAllConnections(), s.close(r)));
  await fsp.rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  canaryConnections.length = 0;
});

function via(target: string, hops = 1): string {
  let url = `http://${providerHost}/to?u=${encodeURIComponent(target)}`;
  for (let h = 1; h < hops; h++) url = `http://${providerHost}/to?u=${encodeURIComponent(url)}`;
  return url;
}

function download(url: string, dest: string) {
  return downloadToFile(url, dest, { maxBytes: 10_000_000, timeoutMs: 10_000, retry: NO_RETRY, providerHost });
}

test.each([1, 3])("redirects (%i hop(s)) to private addresses are refused before connecting; no file", async (hops) => {
  const targets = [
    `http://127.0.0.1:${canaryPort}/internal`,
    `http://localhost:${canaryPort}/internal`,
    `http://[::1]:${canary6Port || 80}/`,
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/x",
    `ftp://127.0.0.1:${canaryPort}/`,
  ];
  for (const target of targets) {
    const dest = path.join(dir, `blocked-${hops}.mp4`);
    const e = await download(via(target, hops), dest).catch((err: unknown) => err);
    expect(e).toBeInstanceOf(MeetingProviderError);
    expect([target, (e as MeetingProviderError).message, (e as MeetingProviderError).retryable]).toEqual([target, expect.stringMatching(/refused|ftp: link/), false]);
    expect(fs.existsSync(dest)).toBe(false);
  }
  expect(canaryConnections).toEqual([]);
});

test("a recording link on a private address other than the provider's is refused", async () => {
  const e = await download(`http://127.0.0.1:${canaryPort}/rec.mp4`, path.join(dir, "direct.mp4")).catch((err: unknown) => err);
  expect(e).toMatchObject({ name: "MeetingProviderError", retryable: false, message: expect.stringMatching(/refused/) });
  expect(canaryConnections).toEqual([]);
});

test("a redirect that stays on the provider's host downloads the recording", async () => {
  const dest = path.join(dir, "ok.mp4");
  const result = await download(via(`http://${providerHost}/rec.mp4`, 2), dest);
  expect(result.bytes).toBe(RECORDING.length);
  expect(await fsp.readFile(dest)).toEqual(RECORDING);
});

test("more than 5 redirects is an error", async () => {
  const e = await download(via(`http://${providerHost}/rec.mp4`, 7), path.join(dir, "loop.mp4")).catch((err: unknown) => err);
  expect(e).toMatchObject({ name: "MeetingProviderError", message: expect.stringMatching(/redirects/) });
});
