// Imported first by push.test.ts: settings before lib/server/env.ts reads them. A loopback push service is the
// one honoured push test host; the canary is a private server no push may ever reach.
import crypto from "node:crypto";
import { loopbackPort } from "@/tests/helpers/ports";
const base = loopbackPort(2);
export const PUSH_SERVICE_PORT = base;
export const CANARY_PORT = base + 1;
const vapid = crypto.createECDH("prime256v1");
vapid.generateKeys();
export const VAPID_PUBLIC = vapid.getPublicKey().toString("base64url");
process.env.APP_URL = "http://127.0.0.1:3000";
process.env.PUSH_TEST_HOSTS = `127.0.0.1:${PUSH_SERVICE_PORT}`;
process.env.VAPID_PUBLIC_KEY = VAPID_PUBLIC;
process.env.VAPID_PRIVATE_KEY = Buffer.from(vapid.getPrivateKey().toString("hex").padStart(64, "0"), "hex").toString("base64url");
process.env.VAPID_SUBJECT = "mailto:ops@example.org";
