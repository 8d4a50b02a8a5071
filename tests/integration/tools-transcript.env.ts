// Imported first by tools-transcript.test.ts: settings before lib/server/env.ts reads them.
// A loopback "video site" is an allowed link host (test-only: the app's own URL is loopback too);
// one trusted proxy, so X-Forwarded-For names the client address for the per-address quota.
import { loopbackPort } from "@/tests/helpers/ports";
export const SITE_PORT = loopbackPort();
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${SITE_PORT}`;
process.env.TRUST_PROXY = "1";
process.env.SPEECH_ENGINE = "pocketsphinx";
