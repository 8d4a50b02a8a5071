// Imported first by restarts.test.ts: the web (route handlers in this process) and
// the spawned worker talk to a private PostgreSQL and Redis that the drill restarts.
const base = 20000 + Math.floor(Math.random() * 9000);
export const PG_PORT = base;
export const REDIS_PORT = base + 1;
export const SPEECH_PORT = base + 2;
export const AI_PORT = base + 3;
export const SITE_PORT = base + 4;
export const DB_NAME = `tingji_test_drill_${Date.now().toString(36)}`;
process.env.DATABASE_URL = `postgresql://postgres@127.0.0.1:${PG_PORT}/${DB_NAME}`;
process.env.REDIS_URL = `redis://127.0.0.1:${REDIS_PORT}`;
process.env.SPEECH_ENGINE = "openai";
process.env.SPEECH_API_BASE_URL = `http://127.0.0.1:${SPEECH_PORT}/v1`;
process.env.SPEECH_API_KEY = "sk-loopback";
process.env.SPEECH_MODEL = "whisper-loopback";
process.env.SPEECH_API_MAX_RETRIES = "0";
process.env.AI_BASE_URL = `http://127.0.0.1:${AI_PORT}/v1`;
process.env.AI_API_KEY = "sk-loopback-ai";
process.env.AI_TIMEOUT_MS = "5000";
process.env.AI_MAX_RETRIES = "0";
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${SITE_PORT}`;
process.env.LINK_IMPORT_RATE_PER_HOUR = "10000";
process.env.WORKER_LOCK_MS = "3000";
// The periodic sweep (re-queues work whose job Redis lost) runs often, so the drill need not wait a minute for it.
process.env.WORKER_SWEEP_MS = "5000";
export const FULL = process.env.DRILL_FULL === "1";
