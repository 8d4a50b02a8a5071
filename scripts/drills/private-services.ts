// Private PostgreSQL and Redis instances for the restart drill, on their own
// ports and data directories, so restarting them never touches the machine's
// own services (others' tests use those). initdb refuses root, so as root the
// server runs as the postgres user (runuser).
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function pgBin(name: string): string {
  const root = "/usr/lib/postgresql";
  const version = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(root, version!, "bin", name);
}

const asRoot = process.getuid?.() === 0;

function runPg(args: string[]): string {
  const [cmd, ...rest] = args;
  return asRoot ? execFileSync("runuser", ["-u", "postgres", "--", pgBin(cmd!), ...rest], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) : execFileSync(pgBin(cmd!), rest, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

export function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve();
      });
      socket.once("error", () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`port ${port} did not open`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export class PrivatePostgres {
  readonly dir: string;
  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-drill-pg-"));
    if (asRoot) execFileSync("chown", ["postgres", this.dir]);
    runPg(["initdb", "-D", path.join(this.dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync"]);
  }

  url(database: string): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/${database}`;
  }

  start(): void {
    runPg(["pg_ctl", "-D", path.join(this.dir, "data"), "-l", path.join(this.dir, "log"), "-w", "-o", `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`, "start"]);
  }

  /** "fast" disconnects clients and shuts down cleanly; "immediate" is a crash. */
  stop(mode: "fast" | "immediate" = "fast"): void {
    runPg(["pg_ctl", "-D", path.join(this.dir, "data"), "-m", mode, "-w", "stop"]);
  }

  destroy(): void {
    try {
      this.stop("immediate");
    } catch {
      // not running
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

export class PrivateRedis {
  readonly dir: string;
  private child: ChildProcess | null = null;
  constructor(readonly port: number) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-drill-redis-"));
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    // No save points and no AOF; a graceful restart still keeps the data (SHUTDOWN SAVE writes dump.rdb, loaded at start).
    this.child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", this.dir], { stdio: "ignore" });
    await waitForPort(this.port);
  }

  /** "save" = a graceful restart keeping the data; "crash" = SIGKILL, the data is gone. */
  async stop(how: "save" | "crash" = "save"): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (how === "save") {
      try {
        execFileSync("redis-cli", ["-p", String(this.port), "shutdown", "save"], { stdio: "ignore" });
      } catch {
        // redis-cli reports the dropped connection as an error
      }
    } else child.kill("SIGKILL");
    await exited;
    this.child = null;
  }

  async destroy(): Promise<void> {
    if (this.child) this.child.kill("SIGKILL");
    this.child = null;
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
