// Operator commands (docs/operations.md), the logic in lib/ops/cli.ts:
//   npm run ops -- grant-admin <email> | revoke-admin <email> | admins
//   npm run ops -- workers | drain <worker|--all> | undrain <worker|--all>
//   npm run ops -- retry-failed <kind|--all> | purge-expired
import { runOpsCommand } from "../lib/ops/cli";
import { closeQueues } from "../lib/jobs/contract";
import { prisma } from "../lib/server/prisma";
import { redis } from "../lib/server/redis";

runOpsCommand(process.argv.slice(2))
  .then((code) => (process.exitCode = code))
  .catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 1;
  })
  .finally(async () => {
    await closeQueues();
    redis().disconnect();
    await prisma.$disconnect();
  });
