// Imported first by queue-handshake.test.ts: the queues reach Redis through a loopback
// TCP proxy the test can cut (the machine's Redis behind it, shared with other files).
import { loopbackPort } from "@/tests/helpers/ports";
export const PROXY_PORT = loopbackPort();
export const REDIS_UPSTREAM = new URL(process.env.REDIS_URL || "redis://127.0.0.1:6379");
process.env.REDIS_URL = `redis://127.0.0.1:${PROXY_PORT}`;
