// `npm run migrate`: creates the database in DATABASE_URL if it is missing and
// applies the pending prisma/migrations, like `prisma migrate deploy` would.
// Safe to run repeatedly and from several processes at once.
import { DEFAULT_DATABASE_URL, databaseName, migrate } from "../lib/server/migrations";

async function main() {
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
  const { applied } = await migrate({ databaseUrl, log: (line) => console.log(`[migrate] ${line}`) });
  const db = databaseName(databaseUrl);
  console.log(
    applied.length ? `[migrate] ${db}: applied ${applied.length} migration(s)` : `[migrate] ${db}: already up to date`,
  );
}

main().catch((error) => {
  console.error("[migrate] failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
