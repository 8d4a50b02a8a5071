// jest setupFilesAfterEnv: after a test file's tests, close what it opened and remove
// its database, Redis keys and data directory. See tests/helpers/db.ts.
import { closeQueues } from "@/lib/jobs/contract";
import { deleteRedisKeys, removeTestDataDir, teardownTestDatabase } from "./db";

// lib/server/prisma.ts and lib/server/redis.ts keep their shared clients on globalThis.
const shared = globalThis as unknown as {
  prisma?: { $disconnect(): Promise<void> };
  redis?: { quit(): Promise<unknown> };
};

afterAll(async () => {
  await closeQueues();
  await shared.prisma?.$disconnect().catch(() => {});
  await shared.redis?.quit().catch(() => {});
  await teardownTestDatabase();
  await deleteRedisKeys();
  removeTestDataDir();
});
