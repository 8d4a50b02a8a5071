// Imported first by payments-alipay.test.ts: the Alipay settings must be in place before lib/server/env.ts reads them.
import { rsaKeyPair } from "@/tests/helpers/loopback-alipay";

export const APP_ID = "2021000000000001";
/** The app's key pair (we sign page-pay URLs) and "Alipay's" (it signs notifies). */
export const APP_KEYS = rsaKeyPair();
export const ALIPAY_KEYS = rsaKeyPair();
export const GATEWAY = "http://127.0.0.1:9/gateway.do";
process.env.ALIPAY_APP_ID = APP_ID;
// As an operator would set it in a one-line .env: newlines escaped.
process.env.ALIPAY_PRIVATE_KEY = APP_KEYS.privateKey.replace(/\n/g, "\\n");
process.env.ALIPAY_PUBLIC_KEY = ALIPAY_KEYS.publicKey;
process.env.ALIPAY_GATEWAY = GATEWAY;
process.env.APP_URL = "http://127.0.0.1:3000";
