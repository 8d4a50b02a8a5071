// The web opens its whole database pool at start (instrumentation.ts), and no connection is closed for being
// idle: a pool that opened connections under a rise in traffic held those requests up to 600 ms
// (bench/README.md "load: findings"). This file has a database of its own, so every connection to it is ours.
import { openDatabasePool, prisma } from "@/lib/server/prisma";
import { env } from "@/lib/server/env";
import { setupTestDatabase } from "@/tests/helpers/db";

beforeAll(async () => {
  await setupTestDatabase();
});

async function connectionsToThisDatabase(): Promise<number> {
  const [row] = await prisma.$queryRaw<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where datname = current_database()`;
  return row!.n;
}

test("opens DATABASE_POOL_SIZE connections at once and keeps them past pg's 10 s idle timeout", async () => {
  await openDatabasePool();
  expect(await connectionsToThisDatabase()).toBe(env().DATABASE_POOL_SIZE);
  await new Promise((r) => setTimeout(r, 11_000));
  expect(await connectionsToThisDatabase()).toBe(env().DATABASE_POOL_SIZE);
}, 30_000);

test("a database that does not answer in time does not hold the start up", async () => {
  const started = Date.now();
  // 1 ms is less than any query takes: the wait ends on time and reports it.
  await prisma.$disconnect();
  await expect(openDatabasePool(1)).rejects.toThrow(/not open within 1 ms/);
  expect(Date.now() - started).toBeLessThan(1_000);
});
