// Imported first by restarts.test.ts: the web (route handlers in this process) and
// the spawned worker talk to a private PostgreSQL and Redis that the drill restarts.
import { pointAtLoopbackServices } from "@/scripts/drills/loopback-env";
import { loopbackPort } from "@/tests/helpers/ports";

const base = loopbackPort(5);
export const PG_PORT = base;
export const REDIS_PORT = base + 1;
export const DB_NAME = `tingji_test_drill_${Date.now().toString(36)}`;
process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${PG_PORT}/${DB_NAME}`;
process.env.REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
export const PORTS = pointAtLoopbackServices({ speech: base + 2, ai: base + 3, site: base + 4 });
// The periodic sweep (re-queues work whose job Redis lost) runs often, so the drill need not wait a minute for it.
process.env.WORKER_SWEEP_MS = "5000";
export const FULL = process.env.DRILL_FULL === "1";
