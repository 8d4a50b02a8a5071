import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { supervisorKey } from "@/lib/jobs/contract";
import { workerHealth } from "@/lib/ops/health";
import { redis } from "@/lib/server/redis";
import { loopbackPort } from "@/tests/helpers/ports";

// `npm start` (scripts/start.sh) with a worker that keeps crashing: the web
// stays up, the supervisor restarts the worker with a growing backoff, and
// health reports the crash loop. SIGTERM stops everything.
jest.setTimeout(60_000);
const ROOT = path.resolve(__dirname, "../..");
const PORT = loopbackPort();
const started: ChildProcess[] = [];

afterAll(() => {
  for (const c of started) {
    try {
      process.kill(-c.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }
});

function run(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "ignore"], detached: true });
  started.push(child);
  return child;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const get = (port: number) =>
  new Promise<number>((resolve, reject) => {
    http.get({ host: "127.0.0.1", port, path: "/" }, (res) => (res.resume(), resolve(res.statusCode ?? 0))).on("error", reject);
  });

type Record_ = { state: string; restarts: number[]; backoffs: number[] };
const record = async () => JSON.parse((await redis().get(supervisorKey())) ?? "null") as Record_ | null;

it("a crashing worker is restarted with backoff while the web stays up, and health says it is crash-looping", async () => {
  await redis().del(supervisorKey());
  const web = `node -e "require('http').createServer((q, s) => s.end('ok')).listen(${PORT}, '127.0.0.1')"`;
  const start = run("bash", ["scripts/start.sh"], {
    TINGJI_WEB_CMD: web,
    TINGJI_WORKER_CMD: `node -e "process.exit(3)"`,
    SUPERVISE_BASE_MS: "200",
  });
  const crashed = await waitFor("four restarts", async () => {
    const r = await record();
    return r && r.restarts.length >= 4 && r;
  });
  // The web answers all along.
  expect(await get(PORT)).toBe(200);
  expect(start.exitCode).toBeNull();
  // Waits double while it keeps crashing.
  expect(crashed.backoffs.slice(0, 4)).toEqual([200, 400, 800, 1600]);
  for (let i = 1; i < 4; i++) expect(crashed.restarts[i]! - crashed.restarts[i - 1]!).toBeGreaterThanOrEqual(crashed.backoffs[i - 1]!);
  const health = await workerHealth();
  expect(health).toMatchObject({ alive: false, state: "crash_looping" });
  expect(health.restartsLast10Min).toBeGreaterThanOrEqual(4);
  expect(health.lastExit).toMatchObject({ code: 3 });

  // Stopping `npm start` stops the web and the supervisor.
  const exited = new Promise((r) => start.once("exit", r));
  process.kill(start.pid!, "SIGTERM");
  await exited;
  await waitFor("the web to stop", async () => get(PORT).then(() => false, () => true));
  expect((await record())?.state).toBe("stopped");
});

it("the supervisor passes SIGTERM to a running worker and waits for it", async () => {
  await redis().del(supervisorKey());
  const worker = `node -e "process.on('SIGTERM', () => setTimeout(() => process.exit(0), 300)); setInterval(() => {}, 1000)"`;
  const supervisor = run("node", ["--import", "tsx", "scripts/supervise.ts", "--", "bash", "-c", `exec ${worker}`], {});
  await waitFor("the worker to run", async () => (await record())?.state === "running");
  await new Promise((r) => setTimeout(r, 500));
  const exited = new Promise<number | null>((r) => supervisor.once("exit", (code) => r(code)));
  const t0 = Date.now();
  process.kill(supervisor.pid!, "SIGTERM");
  expect(await exited).toBe(0);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
  expect(await record()).toMatchObject({ state: "stopped", restarts: [] });
});

it("health says the worker is down when it has no heartbeat and no crash record", async () => {
  await redis().del(supervisorKey());
  expect(await workerHealth()).toMatchObject({ alive: false, state: "down", restartsLast10Min: 0 });
});
