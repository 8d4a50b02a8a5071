import fs from "node:fs";
import path from "node:path";
import WebSocket from "ws";

type Send = (method: string, params?: object) => Promise<unknown>;

/** A DevTools-protocol session with the first target of a process started with --inspect=127.0.0.1:PORT. */
async function withInspector<T>(port: number, session: (send: Send) => Promise<T>): Promise<T> {
  const list = (await fetch(`http://127.0.0.1:${port}/json/list`).then((r) => r.json())) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(list[0]!.webSocketDebuggerUrl, { maxPayload: 1 << 30 });
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let nextId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  const send: Send = (method, params = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    return await session(send);
  } finally {
    ws.close();
  }
}

/** A profile the window took, as `name` in `dir`, for the summaries of cpuprofile.ts. */
function saveProfile(dir: string, name: string, profile: unknown) {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), JSON.stringify(profile));
}

/**
 * A V8 CPU profile of a running Node process over one stretch of work only: `--cpu-prof`
 * covers the whole process, whose start (module loading, compiling routes) then weighs as
 * much as the load being studied. Writes window.cpuprofile into `dir` for summarizeCpuProfile.
 */
export function profileWindow<T>(port: number, dir: string, during: () => Promise<T>): Promise<T> {
  return withInspector(port, async (send) => {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 200 });
    await send("Profiler.start");
    const result = await during();
    const { profile } = (await send("Profiler.stop")) as { profile: unknown };
    saveProfile(dir, "window.cpuprofile", profile);
    return result;
  });
}

/**
 * V8's sampling heap profile over one stretch of work, counting only what outlived the young
 * generation: objects a scavenge collects are left out, those a mark-compact collects (or
 * still alive) are kept. That is what gets promoted and makes old-generation collections
 * come often. Writes window.heapprofile into `dir` for summarizeHeapProfile.
 */
export function promotedAllocationsWindow<T>(port: number, dir: string, during: () => Promise<T>): Promise<T> {
  return withInspector(port, async (send) => {
    await send("HeapProfiler.enable");
    await send("HeapProfiler.startSampling", {
      samplingInterval: 8192,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    const result = await during();
    const { profile } = (await send("HeapProfiler.stopSampling")) as { profile: unknown };
    saveProfile(dir, "window.heapprofile", profile);
    return result;
  });
}
