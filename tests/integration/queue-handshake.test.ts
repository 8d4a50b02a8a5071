import { PROXY_PORT, REDIS_UPSTREAM } from "./queue-handshake.env";
import net from "node:net";
import { closeQueues, enqueue, jobIdFor, queue, queues, queuesReplaced } from "@/lib/jobs/contract";
import { redis } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { listenOn } from "@/tests/helpers/ports";

// A Queue whose first handshake is cut by a Redis outage must not stay broken. BullMQ keeps
// the promise of that handshake (an INFO for the Redis version, sent right after the
// connection is ready): when Redis went away with it in flight, every later call on the
// Queue failed with the same MaxRetriesPerRequestError, though the connection itself came
// back. The restart drill saw tasks stay "queued" for good. Here a proxy in front of the real
// Redis cuts the connection exactly there, and refuses the reconnect once.

/**
 * Forwards to Redis. While `trap` is set, the connection that sends its second INFO is cut,
 * and for a moment nothing listens (the reconnect is refused, as while Redis restarts).
 */
function startProxy() {
  const state = { trap: true, cuts: 0 };
  const sockets = new Set<net.Socket>();
  const listen = () => listenOn(server, PROXY_PORT);
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    const upstream = net.connect(Number(REDIS_UPSTREAM.port || 6379), REDIS_UPSTREAM.hostname);
    sockets.add(upstream);
    let infos = 0;
    client.on("data", (chunk) => {
      // ioredis' ready check is the first INFO; BullMQ's version check is the second.
      if (state.trap) infos += chunk.toString("latin1").toLowerCase().split("\r\ninfo\r\n").length - 1;
      if (state.trap && infos >= 2) {
        state.trap = false;
        state.cuts++;
        server.close();
        client.destroy();
        upstream.destroy();
        setTimeout(() => void listen(), 400);
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on("error", close);
    upstream.on("error", close);
    client.on("close", close);
    upstream.on("close", () => {
      sockets.delete(upstream);
      close();
    });
  });
  return {
    state,
    listen,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

const proxy = startProxy();

beforeAll(async () => {
  await setupTestDatabase();
  await proxy.listen();
});

afterAll(async () => {
  await closeQueues();
  redis().disconnect();
  await proxy.close();
});

jest.setTimeout(30_000);

test("a queue whose handshake an outage cut is replaced: the next enqueue reaches Redis", async () => {
  const payload = { taskId: "t-handshake", locale: "en" };
  // The first enqueue meets the cut: the job is left to the sweep (no error for the caller).
  await enqueue("document.import", payload, { jobKey: "t-handshake" });
  expect(proxy.state.cuts).toBe(1);
  const id = jobIdFor("document.import", "t-handshake");

  // Redis is reachable again: within a few tries the job is there.
  let job = null;
  for (let i = 0; i < 20 && !job; i++) {
    await new Promise((r) => setTimeout(r, 250));
    await enqueue("document.import", payload, { jobKey: "t-handshake" });
    job = await queue(queues.ai).getJob(id).catch(() => null);
  }
  expect(job?.data).toMatchObject(payload);
  // The broken Queue was replaced once (the dashboard rebuilds on this count).
  expect(queuesReplaced()).toBe(1);
});
