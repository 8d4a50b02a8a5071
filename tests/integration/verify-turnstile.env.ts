// Imported first by verify-turnstile.test.ts: Turnstile's keys and the loopback siteverify
// address must be set before lib/server/env.ts reads them.
import { loopbackPort } from "@/tests/helpers/ports";
export const TURNSTILE_LOOPBACK_PORT = loopbackPort();
export const TURNSTILE_SECRET = "0x4AAAAAAATestSecretForLoopbackOnly";
process.env.TURNSTILE_SITE_KEY = "0x4AAAAAAATestSiteKey";
process.env.TURNSTILE_SECRET_KEY = TURNSTILE_SECRET;
process.env.TURNSTILE_VERIFY_URL = `http://127.0.0.1:${TURNSTILE_LOOPBACK_PORT}/turnstile/v0/siteverify`;
process.env.TRUST_PROXY = "1";
