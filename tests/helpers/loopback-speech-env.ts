// For a test's .env.ts (imported first, before lib/server/env.ts reads and caches the
// settings; a worker process started later inherits them): speech goes to an
// OpenAI-compatible server the test runs on loopback.
import { loopbackPort } from "@/tests/helpers/ports";

/** Points the speech engine at http://127.0.0.1:<port>/v1 with a test key and model; returns the port to listen on. */
export function pointSpeechAtLoopback(): number {
  const port = loopbackPort();
  process.env.SPEECH_ENGINE = "openai";
  process.env.SPEECH_API_BASE_URL = `http://127.0.0.1:${port}/v1`;
  process.env.SPEECH_API_KEY = "sk-loopback";
  process.env.SPEECH_MODEL = "whisper-loopback";
  // The job's own retries do the retrying, so a test counts one request per attempt.
  process.env.SPEECH_API_MAX_RETRIES = "0";
  return port;
}
