// Imported first by google-signin.test.ts: the Google settings must be in place before lib/server/env.ts reads them.
// The loopback OpenID Connect provider (tests/helpers/loopback-oidc.ts) listens on this port.
import { loopbackPort } from "@/tests/helpers/ports";
export const OIDC_PORT = loopbackPort();
export const CLIENT_ID = "tingji-test-client";
export const CLIENT_SECRET = "loopback-oidc-client-secret-0123456789";
export const APP_URL = "http://127.0.0.1:3000";
process.env.GOOGLE_CLIENT_ID = CLIENT_ID;
process.env.GOOGLE_CLIENT_SECRET = CLIENT_SECRET;
process.env.GOOGLE_ISSUER_URL = `http://127.0.0.1:${OIDC_PORT}`;
process.env.APP_URL = APP_URL;
process.env.CHINA_HOSTS = "tingji-cn.test";
// A cheap proof-of-work: the tests solve one per sign-in.
process.env.ALTCHA_COST = "1";
process.env.ALTCHA_MAX_NUMBER = "20";
