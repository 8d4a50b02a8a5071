import { BOT_KEY, BOT_PORT } from "./reliability-meeting.env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as joinMeeting } from "@/app/api/meetings/join/route";
import { closeQueues, jobIdFor, queue, queues } from "@/lib/jobs/contract";
import { prisma } from "@/lib/server/prisma";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS } from "@/tests/helpers/api";
import { startFakeMeetingBot, type FakeMeetingBot } from "@/tests/helpers/fake-meeting-bot";
import { signIn } from "@/tests/helpers/users";
import { waitFor } from "@/tests/helpers/wait";
import { startWorkerProcess, stopWorkers } from "@/tests/helpers/worker-process";

// A meeting watch lasts as long as the meeting (hours). Stopping the worker must
// not wait for it: the watch aborts at once, goes back to the queue without
// using an attempt, and the next worker resumes following the same bot.
jest.setTimeout(120_000);

let bot: FakeMeetingBot;
let tmp: string;

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-meeting-"));
  const mp4 = path.join(tmp, "meeting.mp4");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=160x120:d=11", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4]);
  // The meeting ends about 12 s after the bot is sent.
  bot = await startFakeMeetingBot({ mediaFile: mp4, key: BOT_KEY, port: BOT_PORT, joinMs: 300, meetingMs: 12_000 });
});

afterAll(async () => {
  await stopWorkers();
  await closeQueues();
  await bot?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const often = { everyMs: 100 };

it("SIGTERM stops a meeting watch at once, and the next worker resumes it to the transcript", async () => {
  const user = await signIn("meeting");
  const res = await call<{ task: { id: string } }>(joinMeeting, { token: user.token, json: { meeting_url: "https://zoom.us/j/1234567890?pwd=abc" } });
  expect(res.code).toBe(200);
  const id = res.data.task.id;
  const watch = () => queue(queues.meetings).getJob(jobIdFor("meeting.watch", id));

  const first = startWorkerProcess();
  await waitFor("the bot in the meeting", async () => (await prisma.task.findUniqueOrThrow({ where: { id } })).meetingStatus === "in_meeting", often);
  const exited = new Promise<number | null>((r) => first.once("exit", (code) => r(code)));
  const t0 = Date.now();
  first.kill("SIGTERM");
  expect(await exited).toBe(0);
  // Neither the 4 s poll nor the 10 s shutdown bound was waited out, let alone the meeting.
  expect(Date.now() - t0).toBeLessThan(3_000);
  const job = (await watch())!;
  expect(await job.getState()).toMatch(/delayed|waiting/);
  expect(job.attemptsMade).toBe(0);
  expect((await prisma.task.findUniqueOrThrow({ where: { id } })).status).toBe("queued");

  startWorkerProcess();
  const done = await waitFor(
    "the transcript",
    async () => {
      const t = await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, meetingStatus: true, fullText: true } });
      return t.status === "completed" && t;
    },
    often,
  );
  expect(done.meetingStatus).toBe("ended");
  expect(done.fullText?.length).toBeGreaterThan(10);
  expect(bot.requests.filter((r) => r.method === "POST").length).toBe(1); // one bot, followed by both workers
});
