import { CANARY_PORT, REDIRECTOR_PORT } from "./link-ssrf.env";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { Worker } from "bullmq";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { bullPrefix, closeQueues, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { setupTestDatabase } from "@/tests/helpers/db";
import { transcriptionJobOnceFailed } from "@/tests/helpers/jobs";
import { call } from "@/tests/helpers/api";
import { signIn } from "@/tests/helpers/users";
import { runTranscriptionJob } from "@/workers/transcription";
import { listenOn } from "@/tests/helpers/ports";

// SSRF through link-import redirects, end to end: POST /api/transcription/import-link
// with a link on the honoured loopback test host that redirects (1 or 3 hops) to a
// private address. The worker's yt-dlp run must refuse the hop: the task ends
// failed with the link's catalogue message at once (no retries), and the private
// canary never sees a connection. A redirect within the test host still imports.
jest.setTimeout(120_000);

let tmp: string;
let redirector: http.Server;
let canary: http.Server;
const canaryConnections: string[] = [];
const redirectorRequests: string[] = [];
let worker: Worker;
const connection = newRedisConnection();

function listen(server: http.Server, port: number) {
  return listenOn(server, port);
}

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-link-ssrf-"));
  const file = path.join(tmp, "jfk.m4a");
  execFileSync("ffmpeg", ["-v", "error", "-y", "-i", path.resolve("../shared/corpus/single/en_jfk.wav"), "-c:a", "aac", "-b:a", "48k", file]);
  const media = fs.readFileSync(file);
  redirector = http.createServer((req, res) => {
    redirectorRequests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/to") return void res.writeHead(302, { location: url.searchParams.get("u") ?? "/" }).end();
    if (url.pathname === "/talk.m4a") return void res.writeHead(200, { "content-type": "audio/mp4", "content-length": media.length }).end(media);
    res.writeHead(404).end();
  });
  canary = http.createServer((req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>internal</html>"));
  canary.on("connection", (socket) => canaryConnections.push(String(socket.remotePort)));
  await listen(redirector, REDIRECTOR_PORT);
  await listen(canary, CANARY_PORT);
  worker = new Worker(queues.media, runTranscriptionJob, { connection, prefix: bullPrefix(), concurrency: 2 });
});

afterAll(async () => {
  await worker?.close();
  await closeQueues();
  await connection.quit();
  for (const server of [redirector, canary]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const redirectorOrigin = `http://127.0.0.1:${REDIRECTOR_PORT}`;

function redirectLink(target: string, hops: number): string {
  let url = `${redirectorOrigin}/to?u=${encodeURIComponent(target)}`;
  for (let h = 1; h < hops; h++) url = `${redirectorOrigin}/to?u=${encodeURIComponent(url)}`;
  return url;
}

type TaskView = { status: string; errorDetails: { errorCode: string; message: string; suggestions: string[] } | null };

async function settled(token: string, id: string): Promise<TaskView> {
  let task: TaskView | undefined;
  for (let i = 0; i < 900 && !["failed", "completed", "transcribed"].includes(task?.status ?? ""); i++) {
    await new Promise((r) => setTimeout(r, 100));
    task = (await call<TaskView>(getTask, { token, params: { id } })).data;
  }
  return task!;
}

const privateTargets = [`http://127.0.0.1:${CANARY_PORT}/internal`, "http://169.254.169.254/latest/meta-data/", "http://[::1]:80/", `http://localhost:${CANARY_PORT}/internal`];

it.each(privateTargets.flatMap((target) => [1, 3].map((hops) => [target, hops] as const)))(
  "redirect to %s (%i hop(s)): accepted, then failed as link_blocked without retries; nothing reaches the target",
  async (target, hops) => {
    const user = await signIn(`ssrf-${hops}-${privateTargets.indexOf(target)}`);
    const res = await call<{ task: { id: string } }>(importLink, { token: user.token, json: { url: redirectLink(target, hops) } });
    expect(res.code).toBe(200);
    const task = await settled(user.token, res.data.task.id);
    expect(task.status).toBe("failed");
    expect(task.errorDetails).toMatchObject({ errorCode: "link_blocked", message: "The link is not supported", suggestions: ["checkFileLink"] });
    const job = await transcriptionJobOnceFailed(res.data.task.id);
    expect(job.attemptsMade).toBe(1);
    expect(canaryConnections).toEqual([]);
  },
);

it("a redirect that stays on the test host still imports the media", async () => {
  const user = await signIn("ssrf-legit");
  redirectorRequests.length = 0;
  const res = await call<{ task: { id: string } }>(importLink, { token: user.token, json: { url: redirectLink(`${redirectorOrigin}/talk.m4a`, 2) } });
  expect(res.code).toBe(200);
  const task = await settled(user.token, res.data.task.id);
  expect(task).toMatchObject({ status: "completed", errorDetails: null, title: "talk" });
  expect((task as TaskView & { duration: number }).duration).toBeCloseTo(11, 0);
  expect(redirectorRequests.filter((r) => r.startsWith("GET /talk.m4a")).length).toBeGreaterThan(0);
  expect(canaryConnections).toEqual([]);
});
