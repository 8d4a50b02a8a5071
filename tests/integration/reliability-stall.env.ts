// Imported first by reliability-stall.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them; the worker process inherits them.
// A job whose worker vanished fails at its first stall (maxStalledCount 0), within
// about two seconds, and the sweep runs every two seconds.
process.env.WORKER_LOCK_MS = "2000";
process.env.WORKER_MAX_STALLED_COUNT = "0";
process.env.WORKER_SWEEP_MS = "2000";
export {};
