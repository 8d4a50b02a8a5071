// Imported first by kills.test.ts: settings in place before lib/server/env.ts reads
// them; the spawned worker inherits them too. Loopback speech, AI and video site.
const base = 30000 + Math.floor(Math.random() * 9000);
export const SPEECH_PORT = base;
export const AI_PORT = base + 1;
export const SITE_PORT = base + 2;
process.env.SPEECH_ENGINE = "openai";
process.env.SPEECH_API_BASE_URL = `http://127.0.0.1:${SPEECH_PORT}/v1`;
process.env.SPEECH_API_KEY = "sk-loopback";
process.env.SPEECH_MODEL = "whisper-loopback";
process.env.SPEECH_API_MAX_RETRIES = "0";
process.env.AI_BASE_URL = `http://127.0.0.1:${AI_PORT}/v1`;
process.env.AI_API_KEY = "sk-loopback-ai";
process.env.AI_MODEL = "fake-model";
process.env.AI_TIMEOUT_MS = "5000";
process.env.AI_MAX_RETRIES = "0";
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${SITE_PORT}`;
process.env.LINK_IMPORT_RATE_PER_HOUR = "10000";
// A dead worker's job is taken over quickly.
process.env.WORKER_LOCK_MS = "3000";
export const FULL = process.env.DRILL_FULL === "1";
