// Runs once when the web server starts, before it answers any request.
export async function register() {
  // The check reads settings and may exit the process: Node.js only (there is no Edge runtime in this app).
  // eslint-disable-next-line no-restricted-properties -- Next sets NEXT_RUNTIME; it is not a setting of ours.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { assertSecretsAtStart } = await import("./lib/server/secrets");
  assertSecretsAtStart("web");
  // Uploads in flight that a killed web process left in scratch (docs/deploy.md); the worker sweeps its own at start.
  const { sweepScratch } = await import("./lib/storage/scratch");
  void sweepScratch(24 * 3600 * 1000).catch(() => undefined);
  // The database pool, opened now rather than under the first rise in traffic (lib/server/prisma.ts).
  const { openDatabasePool } = await import("./lib/server/prisma");
  const { logger } = await import("./lib/server/logger");
  await openDatabasePool().catch((error: unknown) => logger.warn("database pool not opened at start", { error: String(error) }));
}
