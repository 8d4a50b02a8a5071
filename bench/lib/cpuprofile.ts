import fs from "node:fs";
import path from "node:path";

type CallFrame = { functionName: string; url: string; lineNumber: number };

/** The part of V8's .cpuprofile format read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives: a package of node_modules, Next's server chunks, node itself, or the app. */
function ownerOf(url: string): string {
  if (!url) return "(native / GC / idle)";
  if (url.startsWith("node:")) return "node core";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.includes("/.next/server/")) return "app (.next/server chunks)";
  return "app";
}

/** A function as the summaries name it: its name and the last two parts of its file, with the line. */
function frameLabel({ functionName, url, lineNumber }: CallFrame): string {
  return `${functionName || "(anonymous)"} ${url ? `${url.split("/").slice(-2).join("/")}:${lineNumber + 1}` : ""}`;
}

/** The largest entries as text lines, each with its share of `total` (and what `extra` adds). */
function topShares(m: Map<string, number>, total: number, top: number, extra = (_value: number) => ""): string[] {
  return [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${extra(v)}${k}`);
}

/**
 * Self time per function and per owner (package) from the main thread's profile in
 * `dir`, as text lines: where a route's CPU goes.
 */
export function summarizeCpuProfile(dir: string, top = 25): string[] {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  if (!files.length) return [`no .cpuprofile in ${dir}`];
  // One profile per thread (tsx's loader runs on its own): the main thread's is the largest.
  const newest = files.map((f) => path.join(dir, f)).sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const p = JSON.parse(fs.readFileSync(newest, "utf8")) as CpuProfile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  for (const [i, id] of p.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  const byFn = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let total = 0;
  for (const [id, us] of selfUs) {
    const n = byId.get(id)!;
    const { functionName, url } = n.callFrame;
    if (functionName === "(idle)" || functionName === "(program)") continue;
    total += us;
    const fn = frameLabel(n.callFrame);
    byFn.set(fn, (byFn.get(fn) ?? 0) + us);
    const owner = functionName === "(garbage collector)" ? "(garbage collector)" : ownerOf(url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + us);
  }
  const fmt = (m: Map<string, number>) => topShares(m, total, top);
  return [`profile ${newest}: ${(total / 1e6).toFixed(1)} s busy`, "by owner:", ...fmt(byOwner), "by function (self time):", ...fmt(byFn)];
}

/** The part of V8's sampling heap profile (.heapprofile) read here. */
interface HeapProfileNode {
  callFrame: CallFrame;
  selfSize: number;
  children?: HeapProfileNode[];
}

/**
 * Sampled bytes per allocating function and per owner from window.heapprofile in `dir`
 * (promotedAllocationsWindow: what outlived the young generation), per request served.
 */
export function summarizeHeapProfile(dir: string, requests: number, top = 25): string[] {
  const file = path.join(dir, "window.heapprofile");
  if (!fs.existsSync(file)) return [`no window.heapprofile in ${dir}`];
  const { head } = JSON.parse(fs.readFileSync(file, "utf8")) as { head: HeapProfileNode };
  const byFn = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let total = 0;
  const walk = (n: HeapProfileNode) => {
    if (n.selfSize) {
      total += n.selfSize;
      const fn = frameLabel(n.callFrame);
      const owner = ownerOf(n.callFrame.url);
      byFn.set(fn, (byFn.get(fn) ?? 0) + n.selfSize);
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + n.selfSize);
    }
    for (const c of n.children ?? []) walk(c);
  };
  walk(head);
  const perRequest = (bytes: number) => `${(bytes / Math.max(1, requests) / 1024).toFixed(1).padStart(6)} KiB/req  `;
  const fmt = (m: Map<string, number>) => topShares(m, total, top, perRequest);
  return [`${(total / 1e6).toFixed(1)} MB sampled outlived the young generation over ${requests} requests`, "by owner:", ...fmt(byOwner), "by function:", ...fmt(byFn)];
}
