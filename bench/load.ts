/**
 * Load bench (issue 14, "Load"): autocannon against the production app (server.ts
 * after `next build`) on its own port and its own database, tingji_bench_load
 * (bench/load-seed.ts: 10,000 tasks for 100 users).
 *
 *   npm run bench -- load            # each route at 50, 100, 200 req/s; writes the "load" section of bench/README.md
 *   npm run bench -- load --soak     # 10 min at 100 req/s over a mix; RSS growth after warm-up ("load-soak" section)
 *   flags: --seconds=N (per run, default 15), --soak-minutes=N (default 10), --reseed, --snapshots (heap snapshots
 *          of the web process at the end of warm-up and at the end of the soak, through --heapsnapshot-signal),
 *          --rates=R,R (the asked rates, default 50,100,200), --section=NAME (record the route table under another heading), --only=ROUTE,ROUTE (just those routes),
 *          --profile=ROUTE (a CPU profile of the web over --seconds of that route at 100 req/s after warm-up, summarised),
 *          --heap-sample=ROUTE (the same window, sampling what the route allocates that outlives the young generation), --generator=autocannon (rows at
 *          autocannon's bursty fixed rate instead of bench/lib/paced.ts's even one); BENCH_NEXT_DIR=<copy of a build> to bench
 *          that build; WEB_PROCESSES=N (server.ts's cluster size) is passed through
 *
 * The build is copied to a folder of its own first (other people rebuild .next while the bench runs).
 * Fixed-rate runs: ignoreCoordinatedOmission, and each run states the rate it really reached.
 */
import { freshVapidEnv } from "@/tests/helpers/vapid";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEFAULT_DATABASE_URL, withDatabaseName } from "@/lib/server/migrations";
import { machineLine } from "./lib/machine";
import { summarizeCpuProfile, summarizeHeapProfile } from "./lib/cpuprofile";
import { profileWindow, promotedAllocationsWindow } from "./lib/inspector";
import { closeClients, pacedLoad } from "./lib/paced";
import { treeCpuMs, treeRssKb } from "./lib/proc";
import { writeReadmeSection } from "./lib/readme";
import { seedLoadDatabase, TASKS_PER_USER, USERS, type LoadFixture } from "./load-seed";

// autocannon 9 ships no types; the part used here.
interface CannonResult {
  latency: { p50: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
}
type CannonRequest = { method: string; path: string; headers: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require("autocannon") as (opts: Record<string, unknown>) => Promise<CannonResult>;

const PORT = Number(process.env.BENCH_LOAD_PORT ?? 3390);
const BASE = `http://127.0.0.1:${PORT}`;
const DB_URL = withDatabaseName(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, "tingji_bench_load");
/** The web's inspector port under --profile. */
const INSPECT_PORT = Number(process.env.BENCH_INSPECT_PORT ?? 9239);
/** Seconds of 100 req/s on each route before its rows. */
const WARMUP_SEC = 10;
/** The machine's convention: `next build` and Playwright runs hold this lock (they rewrite .next). */
const E2E_LOCK = "/tmp/tingji-e2e.lock";
/** "--name=value" (bench/run.ts takes bare words for bench names). */
const flag = (name: string) => process.argv.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
const arg = (name: string, fallback: number) => Number(flag(name) ?? fallback);
/** Rows per route (--rates=200 for one). */
const RATES = (flag("--rates") ?? "50,100,200").split(",").map(Number);

/** Anonymous requests (share pages, health) come from this many visitors, as many as there are users. */
const VISITORS = USERS;

/** Each route picks a random user (and that user's task, or a share) per request. */
function routes(fx: LoadFixture): Record<string, () => { path: string; token?: string }> {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const terms = ["budget", "roadmap", "pricing", "vendor", "sprint"];
  return {
    "task list": () => ({ path: "/api/transcription/tasks?page=1&page_size=20", token: pick(fx.users).token }),
    "task detail": () => {
      const u = pick(fx.users);
      return { path: `/api/transcription/tasks/${pick(u.taskIds)}`, token: u.token };
    },
    search: () => ({ path: `/api/search?q=${pick(terms)}`, token: pick(fx.users).token }),
    "share view": () => ({ path: `/api/transcription/share/2026-11-25/bench-${pick(fx.shareTokens)}` }),
    "share page": () => ({ path: `/transcribe/share?token=${pick(fx.shareTokens)}` }),
    health: () => ({ path: "/api/health" }),
  };
}

function fire(make: () => { path: string; token?: string }, rate: number, seconds: number): Promise<CannonResult> {
  return autocannon({
    url: BASE,
    connections: Math.max(10, Math.ceil(rate / 10)),
    overallRate: rate,
    duration: seconds,
    ignoreCoordinatedOmission: true,
    requests: [
      {
        setupRequest: (req: CannonRequest) => {
          const { path: p, token } = make();
          return { ...req, method: "GET", path: p, headers: { ...req.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } };
        },
      },
    ],
  });
}

/**
 * The measured rows: an even, open-loop rate (bench/lib/paced.ts). `--generator=autocannon` measures with
 * autocannon's fixed rate instead, which sends each second's requests in a burst at its start.
 */
function measure(make: () => { path: string; token?: string }, rate: number, seconds: number): Promise<CannonResult> {
  if (flag("--generator") === "autocannon") return fire(make, rate, seconds);
  return pacedLoad({
    url: BASE,
    rate,
    seconds,
    next: () => {
      const { path: p, token } = make();
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      // A signed-in user's requests share that user's connections; anonymous ones come from 100 visitors.
      return { path: p, headers, client: token ?? `visitor-${Math.floor(Math.random() * VISITORS)}` };
    },
  }).then((r) => ({ ...r, "2xx": r.requests.total - r.non2xx }));
}

/** A snapshot of the build, and a folder that is the repository except for it (Next reads .next under its cwd). */
function privateAppDir(): string {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-bench-load-"));
  for (const name of fs.readdirSync(root)) if (name !== ".next") fs.symlinkSync(path.join(root, name), path.join(dir, name));
  // BENCH_NEXT_DIR: a build copied earlier; else .next, copied inside the e2e lock so no build is half-written.
  const from = process.env.BENCH_NEXT_DIR;
  const copy = from
    ? spawnSync("cp", ["-a", from, path.join(dir, ".next")])
    : spawnSync("flock", [E2E_LOCK, "cp", "-a", path.join(root, ".next"), path.join(dir, ".next")]);
  if (copy.status !== 0 || !fs.existsSync(path.join(dir, ".next/BUILD_ID"))) throw new Error("no production build: run `npx next build` first (inside the e2e lock)");
  return dir;
}

async function startWeb(dir: string, authSecret: string, snapshots: boolean, profileDir?: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    ...freshVapidEnv(),
    DATABASE_URL: DB_URL,
    REDIS_PREFIX: "tingji-bench-load",
    DATA_DIR: path.join(dir, "data"),
    APP_URL: BASE,
    AUTH_SECRET: authSecret,
    // One client address sends every request here; the per-address health limit would answer 429s.
    HEALTH_PER_IP_PER_MINUTE: "1000000",
    LOG_LEVEL: "warn",
  };
  const nodeArgs = [
    // As scripts/start.sh and docker-compose start the web (heap capped; see "load-soak (heap capped at 384 MiB)").
    "--max-old-space-size=512",
    "--conditions=react-server",
    "--import",
    "tsx",
    ...(snapshots ? ["--heapsnapshot-signal=SIGUSR2"] : []),
    // --profile: the inspector, through which bench/lib/inspector.ts profiles the measured stretch only.
    ...(profileDir ? [`--inspect=127.0.0.1:${INSPECT_PORT}`] : []),
    // Extra node flags for the web only (e.g. BENCH_WEB_FLAGS=--trace-gc, which NODE_OPTIONS may not carry).
    ...(process.env.BENCH_WEB_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    "server.ts",
    "-p",
    String(PORT),
    "-H",
    "127.0.0.1",
  ];
  const web = spawn("node", nodeArgs, { cwd: dir, env, stdio: ["ignore", "inherit", "inherit"] });
  for (let i = 0; i < 240; i++) {
    if (web.exitCode !== null) throw new Error(`web exited with ${web.exitCode}`);
    const up = await fetch(`${BASE}/api/health`).then((r) => r.ok, () => false);
    if (up) return web;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("web did not start within 2 minutes");
}

/** Web processes the bench's server runs (WEB_PROCESSES passed through; 0 = one per core). */
const webProcesses = () => Number(process.env.WEB_PROCESSES ?? 1) || os.availableParallelism();
const mib = (kb: number) => Math.round(kb / 1024);
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(v < 10 ? 1 : 0) : "-");
const loadLine = () => os.loadavg().map((l) => l.toFixed(2)).join(" / ");

async function benchRoutes(web: ChildProcess, fx: LoadFixture, seconds: number): Promise<string[]> {
  const rows: string[] = [];
  // --only=task list,health runs just those routes (and records nothing unless --section names where).
  const only = flag("--only")?.split(",").map((r) => r.trim());
  for (const [name, make] of Object.entries(routes(fx)).filter(([n]) => !only || only.includes(n))) {
    // Warm-up: compiled routes, pools, caches, and V8's optimised code (150 requests left the first row
    // measuring a half-cold server: CPU per request fell from row to row as the JIT caught up).
    await fire(make, 100, WARMUP_SEC);
    for (const rate of RATES) {
      const before = treeRssKb(web.pid!);
      const cpu0 = treeCpuMs(web.pid!);
      const r = await measure(make, rate, seconds);
      const cpuPerRequest = (treeCpuMs(web.pid!) - cpu0) / Math.max(1, r.requests.total);
      const after = treeRssKb(web.pid!);
      const errors = r.errors + r.timeouts + r.non2xx;
      const row = `| ${name} | ${rate} | ${r.requests.average.toFixed(0)} | ${ms(r.latency.p50)} | ${ms(r.latency.p99)} | ${ms(r.latency.max)} | ${errors} of ${Math.round(rate * seconds)} | ${cpuPerRequest.toFixed(1)} | ${mib(before)} → ${mib(after)} | ${os.loadavg()[0]!.toFixed(1)} |`;
      console.log(row);
      rows.push(row);
    }
  }
  return rows;
}

async function soak(web: ChildProcess, fx: LoadFixture, minutes: number, snapshots: boolean): Promise<string> {
  const all = Object.values(routes(fx)); // every route, in equal shares
  const mix = () => all[Math.floor(Math.random() * all.length)]!();
  const warmupMin = Math.min(2, minutes / 5);
  const samples: { min: number; rssMiB: number }[] = [];
  const t0 = Date.now();
  const sampler = setInterval(() => samples.push({ min: (Date.now() - t0) / 60_000, rssMiB: mib(treeRssKb(web.pid!)) }), 10_000);
  // Heap snapshots at the end of warm-up and at the end, to compare what grew.
  const snapTimer = setTimeout(() => snapshots && web.kill("SIGUSR2"), warmupMin * 60_000);
  const r = await fire(mix, 100, Math.round(minutes * 60));
  clearInterval(sampler);
  clearTimeout(snapTimer);
  samples.push({ min: (Date.now() - t0) / 60_000, rssMiB: mib(treeRssKb(web.pid!)) });
  if (snapshots) web.kill("SIGUSR2");
  const atWarm = samples.find((s) => s.min >= warmupMin) ?? samples[0]!;
  const end = samples.at(-1)!;
  const afterWarm = samples.filter((s) => s.min >= warmupMin);
  const peak = Math.max(...afterWarm.map((s) => s.rssMiB));
  const growth = ((end.rssMiB - atWarm.rssMiB) / atWarm.rssMiB) * 100;
  const curve = samples.filter((_, i) => i % 6 === 5 || i === samples.length - 1).map((s) => `${s.min.toFixed(1)} min ${s.rssMiB} MiB`);
  const errors = r.errors + r.timeouts + r.non2xx;
  const lines = [
    `Mix: ${Object.keys(routes(fx)).join(", ")} in equal shares, 100 req/s asked, ${r.requests.average.toFixed(1)} req/s reached, ${minutes} min; p50 ${ms(r.latency.p50)} ms, p99 ${ms(r.latency.p99)} ms, errors ${errors} of ${r.requests.total}.`,
    `Web RSS after warm-up (${warmupMin} min): ${atWarm.rssMiB} MiB; at the end: ${end.rssMiB} MiB; peak after warm-up ${peak} MiB; growth **${growth.toFixed(1)}%** (target < 10%).`,
    `RSS over time: ${curve.join(", ")}.`,
  ];
  console.log(lines.join("\n"));
  return lines.join("\n\n");
}

export async function runLoadBench(opts: { record: boolean; soak: boolean; reseed: boolean; snapshots: boolean }) {
  const seconds = arg("--seconds", 15);
  const authSecret = randomBytes(32).toString("base64url");
  const t0 = Date.now();
  const fx = await seedLoadDatabase(DB_URL, authSecret, opts.reseed);
  console.log(`fixture ready in ${((Date.now() - t0) / 1000).toFixed(1)} s (${USERS} users × ${TASKS_PER_USER} tasks)`);
  const dir = privateAppDir();
  // --profile=ROUTE: a V8 CPU profile of the web while that route runs at 100 req/s, summarised by package and function.
  // --heap-sample=ROUTE: what of that route's allocations outlives the young generation (sampled), by function.
  const heapSample = flag("--profile") === undefined && flag("--heap-sample") !== undefined;
  const profileRoute = heapSample ? flag("--heap-sample") : flag("--profile");
  const profileDir = profileRoute ? path.join(dir, "profile") : undefined;
  if (profileRoute && webProcesses() > 1) throw new Error("--profile and --heap-sample read one web process: run them with WEB_PROCESSES=1");
  const web = await startWeb(dir, authSecret, opts.snapshots, profileDir);
  if (profileRoute && profileDir) {
    const make = routes(fx)[profileRoute];
    if (!make) throw new Error(`no route "${profileRoute}" (${Object.keys(routes(fx)).join(", ")})`);
    await fire(make, 100, WARMUP_SEC);
    const window = heapSample ? promotedAllocationsWindow : profileWindow;
    const r = await window(INSPECT_PORT, profileDir, () => measure(make, 100, seconds));
    console.log(`${profileRoute}: ${r.requests.average.toFixed(0)} req/s, p50 ${ms(r.latency.p50)} ms, p99 ${ms(r.latency.p99)} ms (profiled)`);
    closeClients();
    web.kill("SIGTERM");
    await new Promise((res) => web.once("exit", res));
    console.log((heapSample ? summarizeHeapProfile(profileDir, r.requests.total) : summarizeCpuProfile(profileDir)).join("\n"));
    if (!process.env.BENCH_KEEP_PROFILE) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`profile kept in ${profileDir}`);
    return;
  }
  const idleRss = mib(treeRssKb(web.pid!));
  const loadBefore = loadLine();
  // The soak and --generator=autocannon send through autocannon's own connections, not each user's.
  const paced = !opts.soak && flag("--generator") !== "autocannon";
  try {
    const head = [
      `Measured ${machineLine()}. Load average (1/5/15 min) at the start: ${loadBefore}; the last column is the 1-minute load average during each row, of which this bench's client, web and database make about 2 (more means other work shared the machine).`,
      `Web: \`server.ts\` on a production build, NODE_ENV=production, ${webProcesses()} process(es) (WEB_PROCESSES), each heap capped at 512 MiB as scripts/start.sh does, no worker;`,
      `database tingji_bench_load (${USERS} users × ${TASKS_PER_USER} tasks, 20 timeline entries each, summaries, one task in 20 shared). Each request`,
      `picks a random user's real bearer token (full authentication per request)${paced ? " and goes out on that user's own keep-alive connections" : ""}. Web RSS at idle after start: ${idleRss} MiB.`,
    ].join("\n");
    if (opts.soak) {
      const body = await soak(web, fx, arg("--soak-minutes", 10), opts.snapshots);
      const text = `${head}\n\nCommand: \`npm run bench -- load --soak\`${process.env.WEB_PROCESSES ? ` with WEB_PROCESSES=${process.env.WEB_PROCESSES}` : ""}${process.env.NODE_OPTIONS ? ` with NODE_OPTIONS=${process.env.NODE_OPTIONS}` : ""}. Load average at the end: ${loadLine()}.\n\n${body}`;
      if (opts.record) writeReadmeSection(flag("--section") ?? "load-soak", text);
    } else {
      const rows = await benchRoutes(web, fx, seconds);
      const table = [
        `| route | asked req/s | reached req/s | p50 ms | p99 ms | max ms | errors | web CPU ms per request | web RSS MiB (before → after) | load avg (1 min) |`,
        `|---|---|---|---|---|---|---|---|---|---|`,
        ...rows,
      ].join("\n");
      const text = `${head}\n\nCommand: \`npm run bench -- load\`${process.env.WEB_PROCESSES ? ` with WEB_PROCESSES=${process.env.WEB_PROCESSES}` : ""} (${seconds} s per row after ${WARMUP_SEC} s at 100 req/s per route to warm it up; ${flag("--generator") === "autocannon" ? "rows measured by autocannon's fixed rate, which sends each second's requests in a burst at its start" : "rows measured at an even, open-loop rate by bench/lib/paced.ts, latency counted from each request's due time"}). Load average at the end: ${loadLine()}.\n\n${table}`;
      // --section NAME records elsewhere (e.g. a run on an older build, kept beside the current one).
      if (opts.record && (!flag("--only") || flag("--section"))) writeReadmeSection(flag("--section") ?? "load", text);
    }
  } finally {
    closeClients();
    web.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    if (!opts.snapshots) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`heap snapshots (if any) are in ${dir}`);
  }
}
