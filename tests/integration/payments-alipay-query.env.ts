// Imported first by payments-alipay-query.test.ts: the Alipay settings must be in place before lib/server/env.ts reads them.
// The gateway here is a real loopback server (alipay.trade.query), on its own port.
import { rsaKeyPair } from "@/tests/helpers/loopback-alipay";
import { loopbackPort } from "@/tests/helpers/ports";

export const APP_ID = "2021000000000002";
export const APP_KEYS = rsaKeyPair();
export const ALIPAY_KEYS = rsaKeyPair();
export const GATEWAY_PORT = loopbackPort();
process.env.ALIPAY_APP_ID = APP_ID;
process.env.ALIPAY_PRIVATE_KEY = APP_KEYS.privateKey;
process.env.ALIPAY_PUBLIC_KEY = ALIPAY_KEYS.publicKey;
process.env.ALIPAY_GATEWAY = `http://127.0.0.1:${GATEWAY_PORT}/gateway.do`;
process.env.APP_URL = "http://127.0.0.1:3000";
