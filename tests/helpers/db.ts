// A private PostgreSQL database, Redis key prefix and DATA_DIR for every jest test file.
//
// How it fits together (all wired in jest.config.ts; test files only call one function):
//  1. globalSetup (tests/helpers/global-setup.ts), once per `jest` run: picks a run id,
//     migrates a template database `tingji_test_<run>_template` from scratch with the
//     project's migration runner, and drops test databases left by crashed runs.
//  2. setupFiles (tests/helpers/setup-env.ts), before any module of a test file loads:
//     sets process.env.DATABASE_URL to `tingji_test_<run>_<file>`, REDIS_PREFIX to the same
//     name, and DATA_DIR to a directory of that name under the OS temp dir.
//     lib/server/env.ts caches env on first use, so it must be set this early; jest gives
//     every test file its own process.env and module registry.
//  3. In the test file:
//
//       import { setupTestDatabase } from "@/tests/helpers/db";
//       beforeAll(async () => { await setupTestDatabase(); });
//       // ...then import/use "@/lib/server/prisma" as usual (it reads DATABASE_URL lazily).
//
//     setupTestDatabase() creates the file's database as a copy of the template (fast).
//     Files that never call it get no database; Redis keys are namespaced either way.
//  4. setupFilesAfterEnv (tests/helpers/after-env.ts), after the file's tests: disconnects
//     the shared Prisma client and Redis connection if the file used them, drops the
//     file's database, deletes its Redis keys and its DATA_DIR.
//  5. globalTeardown (tests/helpers/global-teardown.ts): drops the databases and Redis keys
//     of this run that are left.
//
// Everything is named tingji_test_*, so these helpers never touch the dev database.
// (Relative imports: globalSetup is loaded by plain Node, without moduleNameMapper.)
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import IORedis from "ioredis";
import {
  DEFAULT_DATABASE_URL,
  databaseName,
  dropDatabase,
  migrate,
  withAdminClient,
  withDatabaseName,
} from "../../lib/server/migrations";

export const TEST_DB_PREFIX = "tingji_test_";
// Test databases of runs that died this long ago are dropped by the next run.
const STALE_AFTER_MS = 3 * 60 * 60 * 1000;

// Variables globalSetup hands to the jest workers (they inherit its process.env).
const RUN_ID_VAR = "TINGJI_TEST_RUN_ID";
const SERVER_URL_VAR = "TINGJI_TEST_SERVER_URL";
const TEMPLATE_VAR = "TINGJI_TEST_TEMPLATE_DB";

// Run ids start with the creation time (base 36 seconds) so stale ones can be recognised.
export function newRunId(): string {
  return `${Math.floor(Date.now() / 1000).toString(36)}${randomBytes(3).toString("hex")}`;
}

function runIdTime(runId: string): number {
  return parseInt(runId.slice(0, 6), 36) * 1000;
}

export function serverUrl(): string {
  return process.env[SERVER_URL_VAR] || process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

// --- globalSetup / globalTeardown -------------------------------------------------------

export async function prepareTestRun(): Promise<void> {
  const server = serverUrl();
  const runId = newRunId();
  process.env[SERVER_URL_VAR] = server;
  process.env[RUN_ID_VAR] = runId;
  await dropStaleTestDatabases(server);
  const template = `${TEST_DB_PREFIX}${runId}_template`;
  await migrate({ databaseUrl: withDatabaseName(server, template) });
  process.env[TEMPLATE_VAR] = template;
}

export async function finishTestRun(): Promise<void> {
  const runId = process.env[RUN_ID_VAR];
  if (!runId) return;
  await dropDatabasesLike(serverUrl(), `${TEST_DB_PREFIX}${runId}_`);
  await deleteRedisKeys(`${TEST_DB_PREFIX}${runId}_`);
}

async function listTestDatabases(server: string): Promise<string[]> {
  return withAdminClient(server, async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1)",
      [TEST_DB_PREFIX],
    );
    return rows.map((r) => r.datname);
  });
}

async function dropDatabasesLike(server: string, prefix: string): Promise<void> {
  for (const name of await listTestDatabases(server)) {
    if (name.startsWith(prefix)) await dropDatabase(withDatabaseName(server, name));
  }
}

async function dropStaleTestDatabases(server: string): Promise<void> {
  const now = Date.now();
  for (const name of await listTestDatabases(server)) {
    const runId = name.slice(TEST_DB_PREFIX.length).split("_")[0] ?? "";
    const started = runIdTime(runId);
    if (Number.isFinite(started) && now - started > STALE_AFTER_MS) {
      await dropDatabase(withDatabaseName(server, name)).catch(() => {});
    }
  }
}

// --- per test file ------------------------------------------------------------------------

/** Called from setupFiles: names this file's database, Redis prefix and data directory. */
export function assignTestFileResources(): void {
  const runId = process.env[RUN_ID_VAR] ?? newRunId();
  const name = `${TEST_DB_PREFIX}${runId}_${randomBytes(4).toString("hex")}`;
  process.env.DATABASE_URL = withDatabaseName(serverUrl(), name);
  process.env.REDIS_PREFIX = name;
  // Uploads, outbox mails, scratch files: kept apart too, created on first use.
  process.env.DATA_DIR = path.join(os.tmpdir(), name);
  // Keep test output to warnings and errors unless asked otherwise.
  process.env.LOG_LEVEL ??= "warn";
}

/** Removes this test file's DATA_DIR. */
export function removeTestDataDir(): void {
  const dir = process.env.DATA_DIR ?? "";
  if (path.basename(dir).startsWith(TEST_DB_PREFIX)) fs.rmSync(dir, { recursive: true, force: true });
}

// On globalThis rather than in a module variable: it must survive jest.resetModules().
const fileState = globalThis as unknown as { __tingjiTestDatabaseUrl?: string };

function assertTestDatabase(url: string): void {
  if (!databaseName(url).startsWith(TEST_DB_PREFIX)) {
    throw new Error(`refusing to manage ${databaseName(url)}: not a ${TEST_DB_PREFIX}* database`);
  }
}

/**
 * Creates this test file's database (process.env.DATABASE_URL) with every migration
 * applied, and returns its URL. Call it in beforeAll; calling it again is a no-op.
 * `fromScratch` runs the migrations instead of copying the migrated template.
 */
export async function setupTestDatabase(options: { fromScratch?: boolean } = {}): Promise<string> {
  const url = process.env.DATABASE_URL ?? "";
  assertTestDatabase(url);
  if (fileState.__tingjiTestDatabaseUrl === url) return url;
  const template = process.env[TEMPLATE_VAR];
  if (template && !options.fromScratch) {
    await createFromTemplate(url, template);
  } else {
    await migrate({ databaseUrl: url });
  }
  fileState.__tingjiTestDatabaseUrl = url;
  return url;
}

async function createFromTemplate(url: string, template: string): Promise<void> {
  // The template refuses to be copied while anything is connected to it; that is only
  // ever brief (another worker's copy), so retry a few times.
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(url, (admin) =>
        admin.query(`CREATE DATABASE "${databaseName(url)}" TEMPLATE "${template}"`),
      );
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** Drops this test file's database if setupTestDatabase created it. */
export async function teardownTestDatabase(): Promise<void> {
  const url = fileState.__tingjiTestDatabaseUrl;
  if (!url) return;
  fileState.__tingjiTestDatabaseUrl = undefined;
  await dropDatabase(url);
}

/** Deletes every Redis key starting with `prefix` (default: this file's REDIS_PREFIX). */
export async function deleteRedisKeys(prefix = process.env.REDIS_PREFIX ?? ""): Promise<void> {
  if (!prefix.startsWith(TEST_DB_PREFIX)) throw new Error(`refusing to delete Redis keys ${prefix}*`);
  const redis = new IORedis(process.env.REDIS_URL || "redis://127.0.0.1:6379", {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null, // no Redis, nothing to clean: give up at once
  });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== "0");
  } catch {
    // Redis not running: a unit-test-only run must not fail for it.
  } finally {
    redis.disconnect();
  }
}
