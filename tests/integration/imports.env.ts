// Imported first by imports.test.ts: settings must be in place before lib/server/env.ts reads them.
// A loopback "video site" is an allowed link host (test-only: the app's own URL is loopback too),
// and a loopback meeting-bot provider answers for the meeting tests.
import { loopbackPort } from "@/tests/helpers/ports";
const base = loopbackPort(2);
export const SITE_PORT = base;
export const BOT_PORT = base + 1;
export const BOT_KEY = "bot-key-loopback";
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${SITE_PORT}`;
process.env.LINK_IMPORT_RATE_PER_HOUR = "4";
process.env.MEETING_BOT_API_URL = `http://127.0.0.1:${BOT_PORT}`;
process.env.MEETING_BOT_API_KEY = BOT_KEY;
process.env.MEETING_POLL_MS = "150";
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
