import "server-only";

// "PostgreSQL or Redis is unreachable" (down, restarting, connection cut), decided once.
// An outage of ours, not a fault of the request or the job: routes answer 503
// (lib/api/respond.ts), jobs wait it out and are retried (lib/jobs/failures.ts,
// workers/run-job.ts), an enqueue leaves the job to the sweep (lib/jobs/contract.ts).

// Prisma: can't reach the server (P1001), timed out (P1002, P1008), connection closed (P1017), no pool connection in time (P2024).
const PRISMA_UNREACHABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
// PostgreSQL shutting down (57P01 admin shutdown, 57P02 crash shutdown) or not yet up (57P03).
const POSTGRES_UNAVAILABLE = new Set(["57P01", "57P02", "57P03"]);
// The pg driver adapter's error kinds for a server that is away (a raw query reports them under P2010, not P1001).
const DRIVER_UNREACHABLE = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
// The database driver's socket errors (counted only as the cause of a database error: elsewhere they are any peer's).
const DRIVER_SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);
// Prisma's start-up failure; ioredis giving up; our own bounded waits on Redis (lib/server/redis.ts).
const UNREACHABLE_ERROR_NAMES = new Set(["PrismaClientInitializationError", "RedisUnavailableError", "MaxRetriesPerRequestError"]);
// What pg, Prisma and ioredis say when the server went away.
const UNREACHABLE_MESSAGE =
  /Can't reach database server|Connection terminated|Server has closed the connection|terminating connection due to administrator command|the database system is (starting up|shutting down)|^Connection is closed|^Stream isn't writeable|^Command timed out|Reached the max retries per request limit/;

type DriverCause = { code?: string; originalCode?: string; kind?: string };

function isDatabaseError(e: { name?: string }): boolean {
  return typeof e.name === "string" && (e.name.startsWith("PrismaClient") || e.name === "DriverAdapterError");
}

function isUnreachable(e: unknown): boolean {
  if (typeof e !== "object" || e === null) return false;
  const { name, code, message, meta, cause } = e as { name?: string; code?: unknown; message?: unknown; meta?: { driverAdapterError?: { cause?: DriverCause } }; cause?: DriverCause };
  if (UNREACHABLE_ERROR_NAMES.has(name ?? "")) return true;
  if (typeof code === "string" && (PRISMA_UNREACHABLE.has(code) || POSTGRES_UNAVAILABLE.has(code))) return true;
  const driver = meta?.driverAdapterError?.cause ?? (isDatabaseError(e as { name?: string }) ? cause : undefined);
  if (driver && typeof driver === "object") {
    if (DRIVER_UNREACHABLE.has(driver.kind ?? "") || POSTGRES_UNAVAILABLE.has(driver.originalCode ?? "")) return true;
    if (DRIVER_SOCKET_CODES.has(driver.originalCode ?? "") || DRIVER_SOCKET_CODES.has(driver.code ?? "")) return true;
  }
  return typeof message === "string" && UNREACHABLE_MESSAGE.test(message);
}

/** The error and what it wraps ({ cause }), at most five deep. */
export function errorChain(error: unknown): unknown[] {
  const out: unknown[] = [];
  let e: unknown = error;
  while (e !== undefined && e !== null && out.length < 5 && !out.includes(e)) {
    out.push(e);
    e = e instanceof Error ? e.cause : undefined;
  }
  return out;
}

/** PostgreSQL or Redis could not be reached (the error, or one of its causes, says so). */
export function isServiceOutage(error: unknown): boolean {
  return errorChain(error).some(isUnreachable);
}

/**
 * For a call that talks to Redis only (an enqueue): an outage, or a refused or reset
 * connection, which there can only be Redis's.
 */
export function isRedisUnreachable(error: unknown): boolean {
  if (isServiceOutage(error)) return true;
  return error instanceof Error && /ECONNREFUSED|ECONNRESET/.test(error.message);
}
