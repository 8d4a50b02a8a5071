/**
 * Search (lib/search, docs/search.md) over a library of 10,000 one-hour tasks
 * (600–900 transcript entries each, about 7.5 million entries, six languages with
 * CJK), in a database of its own: tingji_bench_search.
 *
 *   npx tsx --conditions=react-server bench/search.ts              # seed if needed, measure, print
 *   npx tsx --conditions=react-server bench/search.ts --record     # and write the "search" section of bench/README.md
 *   npx tsx --conditions=react-server bench/search.ts --reseed     # drop and seed the database again
 *   npx tsx --conditions=react-server bench/search.ts --explain 预算 # EXPLAIN ANALYZE one query (light and heavy user)
 *
 * Owners: one heavy user owns 2,000 tasks, forty users own 200 each, and each of those
 * forty collaborates on ten tasks of others. Latency is a call of searchTasks() itself
 * (the route's work without HTTP), page 1, one query at a time after a warm-up.
 * Seeding drops the search indexes, loads rows with multi-row INSERT … SELECT unnest(…) (writing
 * "ownerId" itself with the owner trigger off),
 * then builds the indexes with the exact statements of the search migration.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { DEFAULT_DATABASE_URL, dropDatabase, migrate, withDatabaseName } from "@/lib/server/migrations";
import { machineLine } from "./lib/machine";
import { writeReadmeSection } from "./lib/readme";
import { benchQueries, buildVocabulary, entryText, seededRandom, summaryText, taskLanguage, taskTitle } from "./search-text";

export const DB_URL = withDatabaseName(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, "tingji_bench_search");
const TASKS = 10_000;
export const HEAVY_TASKS = 2_000;
const LIGHT_USERS = 40;
const SHARED_PER_USER = 10;
const TASKS_PER_INSERT = 20;
const HOUR_MS = 3_600_000;

const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");
/**
 * The search migrations' CREATE INDEX statements, less those a later one drops: the bench
 * builds exactly the indexes the app has, after loading the rows.
 */
function searchIndexStatements(): { name: string; sql: string }[] {
  const sql = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((d) => /_search_/.test(d))
    .sort()
    .map((d) => fs.readFileSync(path.join(MIGRATIONS_DIR, d, "migration.sql"), "utf8"))
    .join("\n");
  const dropped = new Set([...sql.matchAll(/^DROP INDEX "([^"]+)";$/gm)].map((m) => m[1]));
  return [...sql.matchAll(/^CREATE INDEX "([^"]+)"[^\n]+;$/gm)].map((m) => ({ name: m[1], sql: m[0] })).filter((i) => !dropped.has(i.name));
}

const id = (rand: () => number, prefix: string) => `${prefix}${Math.floor(rand() * 2 ** 52).toString(36)}${Math.floor(rand() * 2 ** 52).toString(36)}`;

async function seed(client: pg.Client, pool: pg.Pool): Promise<Record<string, number>> {
  const rand = seededRandom(42);
  const vocab = buildVocabulary();
  const t0 = performance.now();
  const users = [id(rand, "u"), ...Array.from({ length: LIGHT_USERS }, () => id(rand, "u"))];
  // The owner trigger would look up each entry's task: the loader writes "ownerId" itself.
  await client.query(`ALTER TABLE "TimelineEntry" DISABLE TRIGGER "TimelineEntry_owner"`);
  await client.query(
    `INSERT INTO "User" (id, email, username, "referralCode", "updatedAt") SELECT u, u || '@bench.test', 'bench ' || n, u, now() FROM unnest($1::text[]) WITH ORDINALITY AS x(u, n)`,
    [users],
  );
  const owners: string[] = [];
  for (let i = 0; i < TASKS; i++) owners.push(i < HEAVY_TASKS ? users[0] : users[1 + ((i - HEAVY_TASKS) % LIGHT_USERS)]);
  const taskIds = owners.map(() => id(rand, "t"));
  let entries = 0;
  const inFlight = new Set<Promise<unknown>>();
  for (let start = 0; start < TASKS; start += TASKS_PER_INSERT) {
    const t = { id: [] as string[], user: [] as string[], title: [] as string[], lang: [] as string[], summary: [] as string[], created: [] as string[] };
    const e = { id: [] as string[], task: [] as string[], owner: [] as string[], pos: [] as number[], begin: [] as number[], end: [] as number[], text: [] as string[] };
    for (let i = start; i < Math.min(TASKS, start + TASKS_PER_INSERT); i++) {
      const lang = taskLanguage(rand);
      const title = taskTitle(rand, lang, vocab, i);
      t.id.push(taskIds[i]);
      t.user.push(owners[i]);
      t.title.push(title);
      t.lang.push(lang);
      t.summary.push(summaryText(rand, lang, vocab, title));
      t.created.push(new Date(Date.UTC(2026, 0, 1) + i * 3_000_000).toISOString());
      const n = 600 + Math.floor(rand() * 301);
      const step = Math.floor(HOUR_MS / n);
      for (let p = 0; p < n; p++) {
        e.id.push(`${taskIds[i]}-${p}`);
        e.task.push(taskIds[i]);
        e.owner.push(owners[i]);
        e.pos.push(p);
        e.begin.push(p * step);
        e.end.push((p + 1) * step);
        e.text.push(entryText(rand, lang, vocab));
      }
      entries += n;
    }
    const write = (async () => {
      await pool.query(
        `INSERT INTO "Task" (id, "userId", title, status, source, duration, language, summary, "createTime", "updateTime")
         SELECT id, u, title, 'completed'::"TaskStatus", 'upload'::"TaskSource", 3600, lang, summary, created::timestamptz, now()
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(id, u, title, lang, summary, created)`,
        [t.id, t.user, t.title, t.lang, t.summary, t.created],
      );
      await pool.query(
        `INSERT INTO "TimelineEntry" (id, "taskId", "ownerId", position, begin, "end", text)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::int[], $7::text[])`,
        [e.id, e.task, e.owner, e.pos, e.begin, e.end, e.text],
      );
    })();
    inFlight.add(write);
    void write.finally(() => inFlight.delete(write));
    if (inFlight.size >= 2) await Promise.race(inFlight);
    if (start % 1000 === 0) console.log(`  seeded ${start} tasks, ${entries} entries, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  }
  await Promise.all(inFlight);
  const collaborators: [string, string][] = [];
  for (let u = 1; u <= LIGHT_USERS; u++) {
    for (let k = 0; k < SHARED_PER_USER; k++) {
      const task = Math.floor(rand() * TASKS);
      if (owners[task] !== users[u]) collaborators.push([task.toString(), users[u]]);
    }
  }
  await client.query(
    `INSERT INTO "Collaborator" (id, "taskId", "userId") SELECT 'c' || n, ($1::text[])[n], u FROM unnest($2::text[]) WITH ORDINALITY AS x(u, n) ON CONFLICT DO NOTHING`,
    [collaborators.map(([task]) => taskIds[Number(task)]), collaborators.map(([, u]) => u)],
  );
  await client.query(`ALTER TABLE "TimelineEntry" ENABLE TRIGGER "TimelineEntry_owner"`);
  const loaded = (performance.now() - t0) / 1000;
  await client.query("SET maintenance_work_mem = '1GB'");
  const indexTimes: Record<string, number> = {};
  for (const { name, sql } of searchIndexStatements()) {
    const i0 = performance.now();
    await client.query(sql);
    indexTimes[name] = Math.round((performance.now() - i0) / 1000);
    console.log(`  index ${name}: ${indexTimes[name]} s`);
  }
  await client.query("ANALYZE");
  return { entries, loadSeconds: Math.round(loaded), ...indexTimes };
}

export async function ensureSeeded(reseed: boolean): Promise<Record<string, number> | null> {
  const client = new pg.Client({ connectionString: DB_URL });
  try {
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Task"`);
    // A seeding cut off while building the indexes leaves every row but not every index: seed again then.
    const { rows: indexes } = await client.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema()`);
    const built = new Set(indexes.map((i) => i.name));
    if (rows[0].n === TASKS && !reseed && searchIndexStatements().every((i) => built.has(i.name))) return null;
  } catch {
    // no database or no tables yet
  } finally {
    await client.end().catch(() => undefined);
  }
  await dropDatabase(DB_URL);
  await migrate({ databaseUrl: DB_URL });
  const admin = new pg.Client({ connectionString: DB_URL });
  const pool = new pg.Pool({ connectionString: DB_URL, max: 2 });
  await admin.connect();
  try {
    for (const { name } of searchIndexStatements()) await admin.query(`DROP INDEX "${name}"`);
    return await seed(admin, pool);
  } finally {
    await admin.end();
    await pool.end();
  }
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const fmt = (ms: number) => ms.toFixed(1);

export async function runSearchBench(opts: { record?: boolean; reseed?: boolean } = {}) {
  const seeded = await ensureSeeded(!!opts.reseed);
  if (seeded) console.log("seeded", seeded);
  // Read once by lib/server/env, which nothing has loaded yet; a query may take at most 5 s.
  process.env.DATABASE_URL = `${DB_URL}?options=${encodeURIComponent("-c statement_timeout=5000")}`;
  const { searchTasks } = await import("@/lib/search/search.service");
  const { prisma } = await import("@/lib/server/prisma");
  const users = await prisma.user.findMany({ select: { id: true, _count: { select: { tasks: true } } }, orderBy: { id: "asc" } });
  const heavy = users.find((u) => u._count.tasks === HEAVY_TASKS)!.id;
  const light = users.filter((u) => u._count.tasks !== HEAVY_TASKS).map((u) => u.id);
  const stats = await prisma.$queryRaw<{ entries: bigint; size: string }[]>`SELECT (SELECT count(*) FROM "TimelineEntry") AS entries, pg_size_pretty(pg_database_size(current_database())) AS size`;

  const rand = seededRandom(9);
  const queries = benchQueries(rand, buildVocabulary(), 320);
  for (const { q } of queries.slice(0, 24)) await searchTasks(light[0], { q, page: 1 }); // warm-up
  const groups: { name: string; user: () => string; times: number[]; byKind: Map<string, number[]>; hits: number[] }[] = [
    { name: "40 users with 200 tasks (+10 shared)", user: () => light[Math.floor(rand() * light.length)], times: [], byKind: new Map(), hits: [] },
    { name: "1 user with 2,000 tasks", user: () => heavy, times: [], byKind: new Map(), hits: [] },
  ];
  for (const g of groups) {
    for (const { q, kind } of queries) {
      const t0 = performance.now();
      // A query cut off by statement_timeout counts with the time it was given.
      const page = await searchTasks(g.user(), { q, page: 1 }).catch(() => null);
      const ms = performance.now() - t0;
      g.times.push(ms);
      g.hits.push(page ? page.items.length : -1);
      g.byKind.set(kind, [...(g.byKind.get(kind) ?? []), ms]);
    }
  }
  await prisma.$disconnect();

  const lines = [
    `Measured ${machineLine()}; PostgreSQL 15 on the same machine (shared_buffers as installed); load average ${os.loadavg()[0].toFixed(1)} at the end (other work ran alongside).`,
    `Library: ${TASKS.toLocaleString("en")} tasks of one hour, ${Number(stats[0].entries).toLocaleString("en")} transcript entries, database ${stats[0].size}.`,
    seeded ? `Seeding: rows loaded in ${seeded.loadSeconds} s, then indexes (s): ${Object.entries(seeded).filter(([k]) => k.endsWith("_idx")).map(([k, v]) => `${k} ${v}`).join(", ")}.` : "Seeding: reused the existing bench database.",
    `Queries: ${queries.length} per group, page 1 (20 hits), one at a time: ${[...new Set(queries.map((q) => q.kind))].join(", ")}.`,
    "",
    "| who searches | p50 ms | p95 ms | max ms | queries with 20 hits (cut off at 5 s) |",
    "|---|---|---|---|---|",
  ];
  for (const g of groups) {
    const s = [...g.times].sort((a, b) => a - b);
    lines.push(`| ${g.name} | ${fmt(quantile(s, 0.5))} | ${fmt(quantile(s, 0.95))} | ${fmt(s.at(-1)!)} | ${g.hits.filter((h) => h === 20).length}/${g.hits.length} (${g.hits.filter((h) => h < 0).length}) |`);
  }
  lines.push("", "p95 by kind of query (ms):", "", `| kind | ${groups.map((g) => g.name).join(" | ")} |`, `|---|${groups.map(() => "---").join("|")}|`);
  for (const kind of groups[0].byKind.keys()) {
    lines.push(`| ${kind} | ${groups.map((g) => fmt(quantile([...g.byKind.get(kind)!].sort((a, b) => a - b), 0.95))).join(" | ")} |`);
  }
  lines.push("", "Target (issue 10): p95 ≤ 100 ms with 10,000 one-hour tasks in the database. Run: `npm run bench -- search` (`--reseed` rebuilds the data).");
  const body = lines.join("\n");
  console.log(body);
  if (opts.record) writeReadmeSection("search", body);
  return groups;
}

async function explain(q: string) {
  process.env.DATABASE_URL = DB_URL;
  const { explainedSql } = await import("@/lib/search/search.service");
  const { prisma, Prisma } = await import("@/lib/server/prisma");
  const users = await prisma.user.findMany({ select: { id: true, _count: { select: { tasks: true } } }, orderBy: { id: "asc" } });
  for (const user of [users.find((u) => u._count.tasks !== HEAVY_TASKS)!, users.find((u) => u._count.tasks === HEAVY_TASKS)!]) {
    for (const [i, sql] of (await explainedSql(user.id, q)).entries()) {
      const plan = await prisma.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${sql}`);
      console.log(`--- ${user._count.tasks} tasks, ${["tasks", "head", "probe", "indexed"][i]}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
  }
  await prisma.$disconnect();
}

if (require.main === module && process.argv.includes("--explain")) {
  explain(process.argv[process.argv.indexOf("--explain") + 1]).then(() => process.exit(0));
} else if (require.main === module) {
  runSearchBench({ record: process.argv.includes("--record"), reseed: process.argv.includes("--reseed") }).then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
