// Imported first by payments-stripe.test.ts: the Stripe settings must be in place before lib/server/env.ts reads them.
// The loopback Stripe server listens on this port (tests/helpers/loopback-stripe.ts).
import { loopbackPort } from "@/tests/helpers/ports";
export const STRIPE_LOOPBACK_PORT = loopbackPort();
export const WEBHOOK_SECRET = "whsec_test_payments";
process.env.STRIPE_SECRET_KEY = "sk_test_payments";
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.STRIPE_API_URL = `http://127.0.0.1:${STRIPE_LOOPBACK_PORT}`;
process.env.APP_URL = "http://127.0.0.1:3000";
