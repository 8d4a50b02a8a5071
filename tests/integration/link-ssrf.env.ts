// Imported first by link-ssrf.test.ts: settings before lib/server/env.ts reads them.
// A loopback redirector is the one honoured link test host; the canaries are
// private servers that no import may ever reach.
import { loopbackPort } from "@/tests/helpers/ports";
const base = loopbackPort(2);
export const REDIRECTOR_PORT = base;
export const CANARY_PORT = base + 1;
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${REDIRECTOR_PORT}`;
process.env.LINK_IMPORT_RATE_PER_HOUR = "1000";
