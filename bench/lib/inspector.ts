import fs from "node:fs";
import path from "node:path";
import WebSocket from "ws";

/**
 * A V8 CPU profile of a running Node process (started with --inspect=127.0.0.1:PORT)
 * over one stretch of work only: `--cpu-prof` covers the whole process, whose start
 * (module loading, compiling routes) then weighs as much as the load being studied.
 * Writes the profile into `dir` for summarizeCpuProfile.
 */
export async function profileWindow<T>(port: number, dir: string, during: () => Promise<T>): Promise<T> {
  const list = (await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json())) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(list[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 200 });
    await send("Profiler.start");
    const result = await during();
    const { profile } = (await send("Profiler.stop")) as { profile: unknown };
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "window.cpuprofile"), JSON.stringify(profile));
    return result;
  } finally {
    ws.close();
  }
}
