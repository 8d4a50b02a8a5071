// Imported first by reliability-link.test.ts: settings must be in place before
// lib/server/env.ts reads (and caches) them. A loopback "video site" on a port
// nobody listens on (the test checks it is closed) is an allowed link host.
export const CLOSED_PORT = 30000 + Math.floor(Math.random() * 9000);
process.env.LINK_IMPORT_TEST_HOSTS = `127.0.0.1:${CLOSED_PORT}`;
