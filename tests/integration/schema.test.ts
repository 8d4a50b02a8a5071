// The migrations and schema.prisma must describe the same database. Prisma's own schema
// engine (the npm wasm build) compares them, so a schema edit without a migration
// (scripts/make-migration.ts) fails here.
import {
  NO_FILTER,
  PROJECT_ROOT,
  readMigrationList,
  readSchema,
  withSchemaEngine,
} from "@/scripts/schema-engine";
import {
  applyMigrations,
  checksum,
  defaultMigrationsDir,
  dropDatabase,
  ensureDatabase,
  readMigrations,
  withDatabaseName,
} from "@/lib/server/migrations";
import { setupTestDatabase } from "@/tests/helpers/db";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

const EMPTY_MIGRATION = "-- This is an empty migration.";
let databaseUrl: string;

beforeAll(async () => {
  // Run every migration here, rather than copying the template, to test a cold start.
  databaseUrl = await setupTestDatabase({ fromScratch: true });
});

test("a database migrated from scratch matches schema.prisma", async () => {
  const diff = await withSchemaEngine(databaseUrl, (engine) =>
    engine.diff({
      from: { tag: "schemaDatasource", ...readSchema(), configDir: PROJECT_ROOT },
      to: { tag: "schemaDatamodel", ...readSchema() },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    }),
  );
  expect(diff.stdout?.trim()).toBe(EMPTY_MIGRATION);
  expect(diff.exitCode).toBe(0);
});

test("the migration files, replayed into a shadow database, match schema.prisma", async () => {
  const diff = await withSchemaEngine(databaseUrl, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...readMigrationList() },
      to: { tag: "schemaDatamodel", ...readSchema() },
      script: true,
      exitCode: true,
      filters: NO_FILTER,
    }),
  );
  expect(diff.stdout?.trim()).toBe(EMPTY_MIGRATION);
});

test("Prisma reads the runner's _prisma_migrations as fully applied", async () => {
  const diagnostic = await withSchemaEngine(databaseUrl, (engine) =>
    engine.diagnoseMigrationHistory({
      migrationsList: readMigrationList(),
      optInToShadowDatabase: false,
      filters: NO_FILTER,
    }),
  );
  expect(diagnostic).toEqual({
    editedMigrationNames: [],
    failedMigrationNames: [],
    hasMigrationsTable: true,
    history: null,
  });
});

test("migrating again applies nothing and records each migration once, with its sha256", async () => {
  expect(await applyMigrations({ databaseUrl })).toEqual({ applied: [], edited: [] });

  const rows = await query(
    databaseUrl,
    `SELECT migration_name, checksum, applied_steps_count, finished_at IS NOT NULL AS finished
     FROM "_prisma_migrations" ORDER BY migration_name`,
  );
  expect(rows).toEqual(
    readMigrations().map((m) => ({
      migration_name: m.name,
      checksum: checksum(m.sql),
      applied_steps_count: 1,
      finished: true,
    })),
  );
});

test("concurrent runners apply each migration once", async () => {
  const url = withDatabaseName(databaseUrl, `${new URL(databaseUrl).pathname.slice(1)}_race`);
  await ensureDatabase(url);
  try {
    const results = await Promise.all([1, 2, 3].map(() => applyMigrations({ databaseUrl: url })));
    expect(results.flatMap((r) => r.applied).sort()).toEqual(readMigrations().map((m) => m.name));
    const [{ count }] = await query<{ count: string }>(url, `SELECT count(*) FROM "_prisma_migrations"`);
    expect(Number(count)).toBe(readMigrations().length);
  } finally {
    await dropDatabase(url);
  }
});

test("a failing migration is rolled back whole and not recorded", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-migrations-"));
  try {
    fs.cpSync(defaultMigrationsDir(), dir, { recursive: true });
    fs.mkdirSync(path.join(dir, "99990101000000_broken"));
    fs.writeFileSync(
      path.join(dir, "99990101000000_broken", "migration.sql"),
      `CREATE TABLE "Half" ("id" TEXT);\nALTER TABLE "NoSuchTable" ADD COLUMN "x" TEXT;\n`,
    );
    await expect(applyMigrations({ databaseUrl, migrationsDir: dir })).rejects.toThrow(/99990101000000_broken/);
    expect(await query(databaseUrl, `SELECT to_regclass('"Half"') AS half`)).toEqual([{ half: null }]);
    const recorded = await query(databaseUrl, `SELECT 1 FROM "_prisma_migrations" WHERE migration_name LIKE '9999%'`);
    expect(recorded).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
