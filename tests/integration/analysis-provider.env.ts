// Imported first by analysis-provider.test.ts: settings must be in place before lib/server/env.ts reads them.
// The AI provider is the fake OpenAI-compatible server this file starts on AI_PORT.
import { loopbackPort } from "@/tests/helpers/ports";
export const AI_PORT = loopbackPort();
process.env.AI_BASE_URL = `http://127.0.0.1:${AI_PORT}/v1`;
process.env.AI_API_KEY = "sk-loopback-ai";
process.env.AI_MODEL = "fake-model";
// A hanging provider fails fast, and the job's own retries do the retrying.
process.env.AI_TIMEOUT_MS = "1500";
process.env.AI_MAX_RETRIES = "0";
