// Imported first by webhooks.test.ts: settings must be in place before lib/server/env.ts reads them.
// The loopback receiver is an allowed webhook host (test-only: the app's own URL is loopback too);
// tries come quickly so retries and switching off can be watched.
import { loopbackPort } from "@/tests/helpers/ports";
const base = loopbackPort(3);
export const RECEIVER_PORT = base;
/** The loopback OpenAI-compatible model (tests/helpers/fake-openai.ts): translation needs a chat API. */
export const AI_PORT = base + 2;
/** A second loopback server that is NOT an allowed host: nothing may ever reach it. */
export const CANARY_PORT = base + 1;
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.WEBHOOK_TEST_HOSTS = `127.0.0.1:${RECEIVER_PORT}`;
process.env.WEBHOOK_RETRY_BASE_MS = "40";
process.env.WEBHOOK_ATTEMPTS = "3";
process.env.AI_BASE_URL = `http://127.0.0.1:${AI_PORT}/v1`;
process.env.AI_API_KEY = "sk-loopback-ai";
process.env.AI_MODEL = "fake-model";
