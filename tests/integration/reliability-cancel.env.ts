// Imported first by reliability-cancel.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them; the worker process inherits them.
export const SPEECH_PORT = 41000 + Math.floor(Math.random() * 9000);
process.env.SPEECH_ENGINE = "openai";
process.env.SPEECH_API_BASE_URL = `http://127.0.0.1:${SPEECH_PORT}/v1`;
process.env.SPEECH_API_KEY = "sk-loopback";
process.env.SPEECH_MODEL = "whisper-loopback";
process.env.SPEECH_API_MAX_RETRIES = "0";
process.env.WORKER_LOCK_MS = "4000";
// A stopping worker waits at most this long for its jobs.
process.env.WORKER_SHUTDOWN_MS = "3000";
