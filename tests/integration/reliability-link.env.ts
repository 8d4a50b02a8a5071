// Imported first by reliability-link.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them. A loopback "video site" on a port
// nobody listens on (the test checks it is closed) is an allowed link host.
import { loopbackPort } from "@/tests/helpers/ports";
export const CLOSED_PORT = loopbackPort();
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${CLOSED_PORT}`;
