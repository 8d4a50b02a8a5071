import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { childPids } from "@/lib/server/proc-tree";
import { loopbackPort } from "@/tests/helpers/ports";

// server.ts's supervisor for WEB_PROCESSES > 1 (lib/server/web-cluster.ts), run for real through a
// stand-in server (tests/helpers/web-cluster-fixture.ts): a copy that dies is replaced, SIGTERM
// stops them all, and copies that cannot start stop the whole server instead of looping.
jest.setTimeout(60_000);
const ROOT = path.resolve(__dirname, "../..");
const PORT = loopbackPort();
const started: ChildProcess[] = [];

afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill("SIGKILL");
});

function startServer(env: Record<string, string> = {}): ChildProcess {
  const child = spawn("node", ["--conditions=react-server", "--import", "tsx", "tests/helpers/web-cluster-fixture.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: "error", ...env },
    stdio: "ignore",
  });
  started.push(child);
  return child;
}

/**
 * The copies the primary has forked and that are still running. Only children that run the
 * fixture: with a cold tsx cache the primary also has esbuild's service process as a child.
 */
const copies = (pid: number) =>
  childPids(pid).filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, "utf8").includes("web-cluster-fixture");
    } catch {
      return false;
    }
  });

async function waitFor<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await Promise.resolve(probe()).catch(() => undefined);
    if (value) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The pid of the copy that answers a request on a new connection (the cluster deals connections, not requests). */
const answer = () =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: PORT, path: "/", agent: false }, (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString())).on("end", () => resolve(Number(body)));
      })
      .on("error", reject);
  });
const exitOf = (child: ChildProcess) => new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));

it("a copy that dies is replaced while the other serves, and SIGTERM stops every copy", async () => {
  const server = startServer();
  const first = await waitFor("two copies", () => copies(server.pid!).length === 2 && copies(server.pid!));
  // Both copies answer on the one port.
  const seen = new Set<number>();
  await waitFor("answers from both copies", async () => (seen.add(await answer()), seen.size === 2));
  expect([...seen].sort()).toEqual([...first].sort());

  process.kill(first[0]!, "SIGKILL");
  const replaced = await waitFor("a new copy", () => {
    const now = copies(server.pid!);
    return now.length === 2 && !now.includes(first[0]!) && now;
  });
  expect(replaced).toContain(first[1]);
  await waitFor("the new copy answering", async () => (await answer()) === replaced.find((p) => p !== first[1]));

  const exited = exitOf(server);
  server.kill("SIGTERM");
  expect(await exited).toBe(0);
  for (const pid of replaced) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
});

it("copies that die before listening stop the server with their exit code, instead of being restarted for ever", async () => {
  const server = startServer({ WEB_CLUSTER_FIXTURE: "fail" });
  expect(await exitOf(server)).toBe(5);
});
