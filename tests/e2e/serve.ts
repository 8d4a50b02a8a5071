/**
 * Starts what the browser tests talk to: a fresh database, the production
 * build (next start) and the real worker, with the embedded defaults.
 * Playwright runs this as its webServer and stops it when the run ends.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { Client } from "pg";
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_DATABASE_URL, E2E_PORT, E2E_REDIS_PREFIX } from "./env";

async function recreateDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = "/postgres";
  const admin = new Client({ connectionString: u.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

async function main() {
  await recreateDatabase(E2E_DATABASE_URL);
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(E2E_DATA_DIR, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: "production" as const,
    DATABASE_URL: E2E_DATABASE_URL,
    REDIS_PREFIX: E2E_REDIS_PREFIX,
    DATA_DIR: E2E_DATA_DIR,
    APP_URL: E2E_BASE_URL,
    PORT: String(E2E_PORT),
    AUTH_SECRET: "e2e-secret-0123456789-0123456789-0123456789",
  };
  const migrated = spawnSync("npx", ["tsx", "scripts/migrate.ts"], { env, stdio: "inherit" });
  if (migrated.status !== 0) throw new Error("migration failed");
  // Clear queues and progress a previous run may have left under the same prefix.
  spawnSync("sh", ["-c", `redis-cli --scan --pattern '${E2E_REDIS_PREFIX}:*' | xargs -r redis-cli del > /dev/null`], { stdio: "inherit" });

  const children: ChildProcess[] = [
    spawn("npx", ["next", "start", "-p", String(E2E_PORT), "-H", "127.0.0.1"], { env, stdio: "inherit" }),
    spawn("npx", ["tsx", "--conditions=react-server", "workers/main.ts"], { env, stdio: "inherit" }),
  ];
  const stop = () => {
    for (const c of children) c.kill("SIGTERM");
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Web or worker dying makes every browser test time out; stop the run at once instead.
  for (const c of children)
    c.on("exit", (code, signal) => {
      if (signal === "SIGTERM") return;
      console.error(`e2e: ${c.spawnargs.slice(0, 3).join(" ")} exited with ${code ?? signal}`);
      for (const other of children) other.kill("SIGTERM");
      process.exit(1);
    });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
