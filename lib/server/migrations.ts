// Applies prisma/migrations/* the way `prisma migrate deploy` does, without the
// Prisma CLI's schema-engine binary (it cannot be downloaded here). Same folder
// format, same `_prisma_migrations` table and sha256 checksums, same advisory
// lock, so the CLI and this runner can take turns on one database.
// No `import "server-only"`: scripts/migrate.ts and the test helpers import it.
import fs from "node:fs";
import path from "node:path";
import { createHash, randomUUID } from "node:crypto";
import pg from "pg";

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/tingji";

// The key Prisma's schema engine locks on PostgreSQL while it migrates.
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

// Prisma's own definition of the table (schema-engine, PostgreSQL flavour).
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  // Applied earlier, but migration.sql changed since (checksum differs).
  edited: string[];
}

export interface MigrateOptions {
  databaseUrl?: string;
  migrationsDir?: string;
  log?: (message: string) => void;
}

export function defaultMigrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}

export function checksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

// Migration folders sorted by name (their timestamp prefix), as Prisma orders them.
export function readMigrations(dir = defaultMigrationsDir()): MigrationFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: checksum(sql) };
    });
}

export function databaseName(databaseUrl: string): string {
  return decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
}

export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// Runs `fn` on a connection to the server's `postgres` maintenance database.
export async function withAdminClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(databaseUrl, "postgres") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in the URL unless it exists. Returns true if it created it. */
export async function ensureDatabase(databaseUrl: string, options: { template?: string } = {}): Promise<boolean> {
  const name = databaseName(databaseUrl);
  return withAdminClient(databaseUrl, async (admin) => {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return false;
    const template = options.template ? ` TEMPLATE ${quoteIdent(options.template)}` : "";
    try {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}${template}`);
      return true;
    } catch (error) {
      // Another process created it between the check and now.
      if ((error as { code?: string }).code === "42P04") return false;
      throw error;
    }
  });
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = databaseName(databaseUrl);
  await withAdminClient(databaseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies the pending migrations to an existing database, each in its own
 * transaction, and records them in `_prisma_migrations`. Idempotent.
 * A migration that fails is rolled back entirely and nothing is recorded, so a
 * fixed migration.sql can simply be run again.
 */
export async function applyMigrations(options: MigrateOptions = {}): Promise<MigrateResult> {
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const log = options.log ?? (() => {});
  const migrations = readMigrations(options.migrationsDir ?? defaultMigrationsDir());
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Session-level lock: concurrent runners (web + worker start, CLI) queue up here.
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
    );

    // Like `prisma migrate deploy` (P3009): refuse to go on past a failed migration.
    const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed.length > 0) {
      throw new Error(
        `Migration(s) ${failed.map((r) => r.migration_name).join(", ")} failed earlier and are not resolved; ` +
          `fix the database, then mark them rolled back (UPDATE "_prisma_migrations" SET rolled_back_at = now() ...).`,
      );
    }

    const done = new Map(rows.filter((r) => r.finished_at !== null).map((r) => [r.migration_name, r.checksum]));
    const edited = migrations.filter((m) => done.has(m.name) && done.get(m.name) !== m.checksum).map((m) => m.name);
    for (const name of edited) log(`warning: migration ${name} was edited after it was applied`);

    const applied: string[] = [];
    for (const migration of migrations.filter((m) => !done.has(m.name))) {
      log(`applying ${migration.name}`);
      await client.query("BEGIN");
      try {
        const id = randomUUID();
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        // No parameters: the simple query protocol runs a multi-statement script.
        await client.query(migration.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      }
      applied.push(migration.name);
    }
    return { applied, edited };
  } finally {
    await client.end(); // also releases the advisory lock
  }
}

/** Creates the database if missing, then applies pending migrations. */
export async function migrate(options: MigrateOptions = {}): Promise<MigrateResult & { created: boolean }> {
  const databaseUrl = options.databaseUrl ?? DEFAULT_DATABASE_URL;
  const created = await ensureDatabase(databaseUrl);
  if (created) options.log?.(`created database ${databaseName(databaseUrl)}`);
  return { created, ...(await applyMigrations({ ...options, databaseUrl })) };
}
