import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { withinDeadline } from "./deadline";
import { env } from "./env";
import { preparedStatementNames } from "./prepared-statements";

// One client per process (Next's dev reload keeps it on globalThis).
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const prisma: PrismaClient =
  globalForPrisma.prisma ??
  new PrismaClient({
    adapter: new PrismaPg(
      // min = max: pg's pool would close connections idle for 10 s and open them again at the next rise in traffic.
      { connectionString: env().DATABASE_URL, max: env().DATABASE_POOL_SIZE, min: env().DATABASE_POOL_SIZE },
      { statementNameGenerator: preparedStatementNames() },
    ),
  });

if (env().NODE_ENV !== "production") globalForPrisma.prisma = prisma;

/**
 * Opens every connection of the pool before the first request (instrumentation.ts): opening them under load, at the
 * first rise in traffic, held that second's requests up to 600 ms (bench/README.md "load: findings").
 */
export async function openDatabasePool(waitMs = 5_000): Promise<void> {
  // As many queries at once as the pool holds: each takes a connection, so the pool opens them all.
  const opened = Promise.all(Array.from({ length: env().DATABASE_POOL_SIZE }, () => prisma.$queryRaw`select 1`));
  // A database that does not answer must not keep the web from starting: it is reported by /api/health.
  await withinDeadline(opened, waitMs, () => new Error(`not open within ${waitMs} ms`));
}

export { Prisma } from "./generated/prisma/client";
export type { TaskStatus, TaskSource } from "./generated/prisma/enums";
