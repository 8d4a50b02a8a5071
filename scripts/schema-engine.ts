// Prisma's schema engine (the thing behind `prisma migrate`), run from the npm
// package @prisma/schema-engine-wasm instead of the CLI's downloaded binary,
// which cannot be fetched here. Dev/test tooling only: the app never loads it.
//
// Two traps of @prisma/adapter-pg 7.10.1 when it drives the schema engine are
// worked around below:
//  - PostgreSQL's internal `"char"` type (OID 18, e.g. pg_class.relkind) makes
//    the adapter throw UnsupportedNativeDataType, so results report it as text.
//  - Its connectToShadowDb() drops the shadow database while its own pool still
//    holds a connection (and, given a connection string, would not even switch
//    database), so shadow databases are created and dropped here instead.
import fs from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import type { MigrationList, SchemaEngine, SchemaFilter, SchemasContainer } from "@prisma/schema-engine-wasm";
import { withAdminClient, withDatabaseName } from "../lib/server/migrations";

export type { SchemaEngine };

export const PROJECT_ROOT = path.resolve(__dirname, "..");
export const SCHEMA_PATH = path.join(PROJECT_ROOT, "prisma", "schema.prisma");
export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, "prisma", "migrations");
export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] };

function charColumnsAsText<T>(result: T): T {
  const results = (Array.isArray(result) ? result : [result]) as QueryResultLike[];
  for (const r of results) for (const f of r?.fields ?? []) if (f.dataTypeID === PG_CHAR_OID) f.dataTypeID = PG_TEXT_OID;
  return result;
}

// A pg Client whose results never mention OID 18; the value itself is already a
// one-character string, so reporting it as text is exact.
class CharAsTextClient extends pg.Client {}
const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
CharAsTextClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last] as (err: Error | null, res: unknown) => void;
    args[last] = (err: Error | null, res: unknown) => callback(err, err ? res : charColumnsAsText(res));
    return baseQuery.apply(this, args);
  }
  const ret = baseQuery.apply(this, args);
  return ret instanceof Promise ? ret.then(charColumnsAsText) : ret;
} as typeof pg.Client.prototype.query;

// Driver adapter factory for the schema engine: one pool on the main database,
// plus throw-away shadow databases that are dropped only after their pool ends.
class EngineAdapterFactory implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";
  private readonly pools = new Set<pg.Pool>();

  constructor(private readonly url: string) {}

  private pool(url: string): pg.Pool {
    const pool = new pg.Pool({ connectionString: url, Client: CharAsTextClient, max: 4 });
    this.pools.add(pool);
    return pool;
  }

  async connect(): Promise<SqlDriverAdapter> {
    return new PrismaPg(this.pool(this.url)).connect();
  }

  async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const name = `prisma_migrate_shadow_db_${randomUUID().replace(/-/g, "")}`;
    await withAdminClient(this.url, (admin) => admin.query(`CREATE DATABASE "${name}"`));
    const pool = this.pool(withDatabaseName(this.url, name));
    const adapter = await new PrismaPg(pool).connect();
    // The adapter splits a migration at every ";", even inside a $$ function body or a comment. Send
    // the whole file as one simple query instead, as scripts/migrate.ts does (errors go through the
    // adapter's own conversion).
    const convert = (adapter as unknown as { onError(error: unknown): never }).onError.bind(adapter);
    adapter.executeScript = async (script: string) => {
      try {
        await pool.query(script);
      } catch (error) {
        convert(error);
      }
    };
    const disposeAdapter = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      await disposeAdapter();
      this.pools.delete(pool);
      await pool.end();
      await withAdminClient(this.url, (admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    };
    return adapter;
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools].map((p) => p.end()));
    this.pools.clear();
  }
}

type EngineModule = typeof import("@prisma/schema-engine-wasm");
let engineModule: Promise<EngineModule> | undefined;

// The package's entry imports the .wasm file as an ES module, which Node does not
// support without a flag; instantiate it by hand from the JS glue instead.
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= (async () => {
    const glue = (await import("@prisma/schema-engine-wasm/schema_engine_bg")) as unknown as EngineModule & {
      __wbg_set_wasm(exports: WebAssembly.Exports): void;
    };
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = fs.readFileSync(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": glue as unknown as WebAssembly.ModuleImports,
    });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return glue;
  })();
  return engineModule;
}

export function readSchema(schemaPath = SCHEMA_PATH): SchemasContainer {
  return { files: [{ path: schemaPath, content: fs.readFileSync(schemaPath, "utf8") }] };
}

// The migrations folder in the shape the engine expects (what the CLI sends).
export function readMigrationList(dir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const folders = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: folders.map((folder) => {
      const file = path.join(dir, folder, "migration.sql");
      return {
        path: folder,
        migrationFile: {
          path: "migration.sql",
          content: fs.existsSync(file)
            ? { tag: "ok" as const, value: fs.readFileSync(file, "utf8") }
            : { tag: "error" as const, value: `${file} not found` },
        },
      };
    }),
  };
}

/**
 * Runs `fn` with a schema engine connected to `databaseUrl` (which must exist;
 * it is also where shadow databases get created). Everything is closed after.
 */
export async function withSchemaEngine<T>(
  databaseUrl: string,
  fn: (engine: SchemaEngine) => Promise<T>,
  options: { log?: (line: string) => void } = {},
): Promise<T> {
  const { SchemaEngine } = await loadEngineModule();
  const factory = new EngineAdapterFactory(databaseUrl);
  const schema = readSchema();
  try {
    const engine = await SchemaEngine.new(
      { datamodels: schema.files.map((f) => [f.path, f.content] as [string, string]) },
      options.log ?? (() => {}),
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    try {
      return await fn(engine);
    } finally {
      engine.free();
    }
  } finally {
    await factory.close();
  }
}
