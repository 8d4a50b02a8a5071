import http from "node:http";
import type { AddressInfo } from "node:net";
import { holdIdleConnections, KEEP_ALIVE_MS } from "@/lib/server/keep-alive";

/** A real server and a keep-alive client: does the second request, 6 s after the first, reuse the socket? */
async function secondRequestAfterIdle(configure: (server: http.Server) => void) {
  const server = http.createServer((_req, res) => res.end("ok"));
  configure(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true });
  const get = () =>
    new Promise<{ reused: boolean; keepAlive: string }>((resolve, reject) => {
      const req = http.get({ host: "127.0.0.1", port, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ reused: req.reusedSocket, keepAlive: String(res.headers["keep-alive"]) }));
      });
      req.on("error", reject);
    });
  try {
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    return { first, second: await get() };
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("holdIdleConnections", () => {
  it("keeps an idle connection open past Node's 5 s default, and says so in Keep-Alive", async () => {
    const [held, plain] = await Promise.all([secondRequestAfterIdle(holdIdleConnections), secondRequestAfterIdle(() => {})]);
    expect(held.first.keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(held.second.reused).toBe(true);
    // The control: Node's default had closed the socket, so the client had to open a new one.
    expect(plain.first.keepAlive).toBe("timeout=5");
    expect(plain.second.reused).toBe(false);
  }, 20_000);
});
