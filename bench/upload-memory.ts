/**
 * Peak memory the web process adds while a 400MB video uploads.
 * Builds a ~399 MB MOV (MJPEG video + AAC audio) with ffmpeg, starts the
 * production server (needs `next build` first) against a scratch database,
 * signs in with the development login, POSTs the file to
 * /api/transcription/create streamed from disk, and samples the resident
 * memory of the server's whole process tree every 50 ms.
 * Target: under 100 MB added.   Run: npx tsx bench/upload-memory.ts (records in bench/README.md)
 */
import { freshVapidEnv } from "@/tests/helpers/vapid";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { machineLine } from "./lib/machine";
import { treeRssKb } from "./lib/proc";
import { writeReadmeSection } from "./lib/readme";
import { recreateDatabase, waitUntilUp } from "./lib/server";

const PORT = 3391;
const BASE = `http://127.0.0.1:${PORT}`;
const DB = "postgresql://postgres@127.0.0.1:5432/tingji_bench_upload";
const TARGET_BYTES = 399 * 1024 * 1024;

function makeVideo(file: string) {
  if (fs.existsSync(file) && fs.statSync(file).size > TARGET_BYTES * 0.95) return;
  // MJPEG at high quality grows fast; -fs stops at the size we want.
  execFileSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=25",
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
    "-c:v", "mjpeg", "-q:v", "1", "-c:a", "aac", "-fs", String(TARGET_BYTES), "-t", "600", file,
  ]);
}

export async function runUploadMemoryBench(opts: { record?: boolean } = {}): Promise<{ addedMb: number }> {
  const dir = path.join(os.tmpdir(), "tingji-bench");
  fs.mkdirSync(dir, { recursive: true });
  const video = path.join(dir, "upload-399mb.mov");
  makeVideo(video);
  const size = fs.statSync(video).size;
  await recreateDatabase(DB);
  const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    ...freshVapidEnv(),
    DATABASE_URL: DB,
    REDIS_PREFIX: "tingji_bench_upload",
    DATA_DIR: dataDir,
    // A production server: a real-looking secret, and the development login explicitly allowed.
    AUTH_SECRET: "bench-upload-memory-secret-4f9c2a7e1b3d5068",
    ALLOW_DEV_LOGIN_IN_PRODUCTION: "1",
    AUTH_DEV_TOKEN: "bench-dev-token",
    AUTH_DEV_USER: "bench@example.com",
    AUTH_DEV_DEVICE_ID: "web_benchdev",
    LOG_LEVEL: "warn",
  };
  if (spawnSync("npx", ["tsx", "scripts/migrate.ts"], { env, stdio: "inherit" }).status !== 0) throw new Error("migrate failed");
  const server = spawn("npx", ["next", "start", "-p", String(PORT), "-H", "127.0.0.1"], { env, stdio: "ignore" });
  try {
    await waitUntilUp(`${BASE}/api/health`);
    // Warm the route so that its code is loaded before the baseline.
    await fetch(`${BASE}/api/transcription/create`, { method: "POST", headers: { authorization: "Bearer bench-dev-token" } });
    await new Promise((r) => setTimeout(r, 1000));
    const baseline = treeRssKb(server.pid!);
    let peak = baseline;
    const timer = setInterval(() => (peak = Math.max(peak, treeRssKb(server.pid!))), 50);
    const form = new FormData();
    form.append("file", await fs.openAsBlob(video, { type: "video/quicktime" }), "upload.mov");
    form.append("start", "false");
    const t0 = Date.now();
    const res = await fetch(`${BASE}/api/transcription/create`, { method: "POST", headers: { authorization: "Bearer bench-dev-token" }, body: form });
    const body = (await res.json()) as { code: number; message: string };
    const seconds = (Date.now() - t0) / 1000;
    clearInterval(timer);
    if (body.code !== 200) throw new Error(`upload failed: ${body.message}`);
    const addedMb = (peak - baseline) / 1024;
    const lines = [
      `Measured ${machineLine()}. Command: \`npx tsx bench/upload-memory.ts\` (needs \`next build\`).`,
      "",
      "| file | upload time | web RSS before | web RSS peak | added | target |",
      "|---|---|---|---|---|---|",
      `| ${(size / 2 ** 20).toFixed(0)} MB MOV | ${seconds.toFixed(1)} s | ${(baseline / 1024).toFixed(0)} MB | ${(peak / 1024).toFixed(0)} MB | **${addedMb.toFixed(0)} MB** | < 100 MB |`,
    ];
    console.log(lines.join("\n"));
    if (opts.record) writeReadmeSection("Upload memory (web process)", lines.join("\n"));
    return { addedMb };
  } finally {
    server.kill("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Kept for callers of the old name. */
export const main = runUploadMemoryBench;

if (require.main === module) void runUploadMemoryBench({ record: true }).then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
