// Imported first by phone-login.test.ts: the SMS proxy's address must be set before lib/server/env.ts reads it.
// The loopback proxy (tests/helpers/loopback-sms.ts) listens on this port.
import { loopbackPort } from "@/tests/helpers/ports";
export const SMS_LOOPBACK_PORT = loopbackPort();
process.env.SMS_PROXY_URL = `http://127.0.0.1:${SMS_LOOPBACK_PORT}`;
// A small per-number daily cap, so a few sends reach it.
process.env.PHONE_CODES_PER_NUMBER_PER_DAY = "4";
process.env.PHONE_CHECKS_PER_NUMBER_PER_10_MINUTES = "5";
