// Imported first by hostile.test.ts: settings before lib/server/env.ts reads them.
// A loopback "redirector" is the one allowed link host; the canary is a private
// server that no import may ever reach.
import { loopbackPort } from "@/tests/helpers/ports";
const base = loopbackPort(3);
export const REDIRECTOR_PORT = base;
export const CANARY_PORT = base + 1;
export const SPEECH_PORT = base + 2;
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${REDIRECTOR_PORT}`;
process.env.LINK_IMPORT_RATE_PER_HOUR = "100000";
process.env.SPEECH_ENGINE = "openai";
process.env.SPEECH_API_BASE_URL = `http://127.0.0.1:${SPEECH_PORT}/v1`;
process.env.SPEECH_API_KEY = "sk-loopback";
process.env.SPEECH_API_MAX_RETRIES = "0";
delete process.env.AI_BASE_URL;
delete process.env.AI_API_KEY;
// The sign-up family signs some thirty accounts up from one test client: past the per-address login limits.
process.env.LOGIN_SEND_PER_IP_PER_MINUTE = "100000";
process.env.LOGIN_VERIFY_PER_IP_PER_MINUTE = "100000";
export const FULL = process.env.DRILL_FULL === "1";
