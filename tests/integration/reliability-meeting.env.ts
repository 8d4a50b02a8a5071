// Imported first by reliability-meeting.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them; the worker process inherits them.
import { loopbackPort } from "@/tests/helpers/ports";
export const BOT_PORT = loopbackPort();
export const BOT_KEY = "bot-key-loopback";
process.env.MEETING_BOT_API_URL = `http://127.0.0.1:${BOT_PORT}`;
process.env.MEETING_BOT_API_KEY = BOT_KEY;
// A long sleep between polls: stopping must not wait it out.
process.env.MEETING_POLL_MS = "4000";
process.env.WORKER_SHUTDOWN_MS = "10000";
process.env.WORKER_LOCK_MS = "4000";
