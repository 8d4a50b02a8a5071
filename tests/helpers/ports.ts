import type { Server } from "node:net";

// Loopback ports that a test's .env.ts must know before any module loads (so not `listen(0)`).
// They come from below Linux's ephemeral range (32768-60999, /proc/sys/net/ipv4/ip_local_port_range),
// where every outgoing connection takes its local port: a port there can be busy at any moment, and
// a listen on it failed once and hung a hook for 30 s. Above 10000 and below RabbitMQ's 25672.
const LOW = 10_000;
const HIGH = 25_000;

/** The first of `count` consecutive ports, picked at random so that test files running at once rarely meet. */
export function loopbackPort(count = 1): number {
  return LOW + Math.floor(Math.random() * (HIGH - LOW - count));
}

/** server.listen that fails (EADDRINUSE and the like) instead of waiting for ever. */
export function listenOn(server: Server, port: number, host = "127.0.0.1"): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
