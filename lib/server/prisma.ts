import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { env } from "./env";
import { preparedStatementNames } from "./prepared-statements";

// One client per process (Next's dev reload keeps it on globalThis).
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient };

export const prisma: PrismaClient =
  globalForPrisma.prisma ??
  new PrismaClient({ adapter: new PrismaPg({ connectionString: env().DATABASE_URL }, { statementNameGenerator: preparedStatementNames() }) });

if (env().NODE_ENV !== "production") globalForPrisma.prisma = prisma;

export { Prisma } from "./generated/prisma/client";
export type { TaskStatus, TaskSource } from "./generated/prisma/enums";
