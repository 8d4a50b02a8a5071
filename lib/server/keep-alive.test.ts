import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { holdIdleConnections, KEEP_ALIVE_MS } from "@/lib/server/keep-alive";

/** A real server and one raw keep-alive connection: the response's Keep-Alive header, and whether the server has
 *  closed the connection 7.5 s after answering. */
async function idleConnection(configure: (server: http.Server) => void) {
  const server = http.createServer((_req, res) => res.end("ok"));
  configure(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  try {
    let closedByServer = false;
    socket.on("end", () => (closedByServer = true));
    const response = await new Promise<string>((resolve, reject) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
        if (text.endsWith("ok")) resolve(text);
      });
      socket.on("error", reject);
      socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    });
    await new Promise((resolve) => setTimeout(resolve, 7_500));
    return { keepAlive: /^keep-alive: (.*)\r$/im.exec(response)?.[1], closedByServer };
  } finally {
    socket.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe("holdIdleConnections", () => {
  it("keeps an idle connection open past Node's 5 s default, and says so in Keep-Alive", async () => {
    const [held, plain] = await Promise.all([idleConnection(holdIdleConnections), idleConnection(() => {})]);
    expect(held).toEqual({ keepAlive: `timeout=${KEEP_ALIVE_MS / 1000}`, closedByServer: false });
    // The control: Node's default closes it after 5 s, and a request sent at that moment met ECONNRESET.
    expect(plain).toEqual({ keepAlive: "timeout=5", closedByServer: true });
  }, 20_000);
});
