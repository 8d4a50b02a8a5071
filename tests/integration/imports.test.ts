import { BOT_KEY, BOT_PORT, SITE_PORT } from "./imports.env";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker, type Job } from "bullmq";
import { POST as estimate } from "@/app/api/transcription/document-estimate/route";
import { POST as createDocument } from "@/app/api/transcription/create-document/route";
import { POST as pasteText } from "@/app/api/transcription/paste-text/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { GET as meetingConfig } from "@/app/api/meetings/config/route";
import { POST as joinMeeting } from "@/app/api/meetings/join/route";
import { GET as getTask } from "@/app/api/transcription/tasks/[id]/route";
import { GET as listTasks } from "@/app/api/transcription/tasks/route";
import { POST as analyze } from "@/app/api/transcription/[id]/analyze-meeting/route";
import { GET as usage } from "@/app/api/usage/route";
import { bullPrefix, queues } from "@/lib/jobs/contract";
import { newRedisConnection } from "@/lib/server/redis";
import { prisma } from "@/lib/server/prisma";
import { runAnalysisJob } from "@/workers/analysis";
import { runDocumentImportJob, runMeetingWatchJob, runTranscriptionJob } from "@/workers/transcription";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { deflatedZeros, docxArchive, wParagraph } from "@/tests/helpers/docx-fixtures";
import { startFakeMeetingBot, type FakeMeetingBot } from "@/tests/helpers/fake-meeting-bot";
import { startLoopbackSite, type LoopbackSite } from "@/tests/helpers/loopback-video-site";
import { signIn } from "@/tests/helpers/users";

// Every other way in, end to end through the real routes, queues and job
// runners: documents and pasted text, video links (a real yt-dlp run against a
// loopback site) and meetings (a loopback meeting-bot provider).
jest.setTimeout(180_000);

interface TaskJson {
  id: string;
  title: string;
  status: string;
  source: string;
  meetingStatus: string | null;
  fullText: string;
  timeline: { text: string; speakerId: string | null }[];
  speakers: unknown[];
  errorDetails: { errorCode: string; suggestions: string[] } | null;
}

let tmp: string;
let site: LoopbackSite;
let bot: FakeMeetingBot;
const workers: Worker[] = [];
const connections: ReturnType<typeof newRedisConnection>[] = [];
let user: Awaited<ReturnType<typeof signIn>>;
let other: Awaited<ReturnType<typeof signIn>>;

function startWorker(queue: string, run: (job: Job) => Promise<unknown>) {
  const connection = newRedisConnection();
  connections.push(connection);
  workers.push(new Worker(queue, run, { connection, prefix: bullPrefix(), concurrency: 2 }));
}

beforeAll(async () => {
  await setupTestDatabase();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "tingji-imports-"));
  const m4a = path.join(tmp, "jfk.m4a");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "aac", m4a]);
  const mp4 = path.join(tmp, "meeting.mp4");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=gray:s=160x120:d=11", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-shortest", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", mp4]);
  site = await startLoopbackSite(m4a, SITE_PORT);
  bot = await startFakeMeetingBot({ mediaFile: mp4, key: BOT_KEY, port: BOT_PORT, joinMs: 300, meetingMs: 900 });
  user = await signIn("importer");
  other = await signIn("nosy");
  startWorker(queues.ai, (job) => (job.name === "document.import" ? runDocumentImportJob(job) : runAnalysisJob(job)));
  startWorker(queues.media, runTranscriptionJob);
  startWorker(queues.meetings, runMeetingWatchJob);
});

afterAll(async () => {
  for (const w of workers) await w.close();
  for (const c of connections) await c.quit();
  await site?.close();
  await bot?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function settle(id: string, seen?: Set<string>): Promise<TaskJson> {
  for (let i = 0; i < 1200; i++) {
    const task = (await call<TaskJson>(getTask, { token: user.token, params: { id } })).data;
    if (task.meetingStatus) seen?.add(task.meetingStatus);
    if (["completed", "failed"].includes(task.status)) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("task did not settle");
}

function file(name: string, content: Buffer | string): string {
  const p = path.join(tmp, name);
  fs.writeFileSync(p, content);
  return p;
}

const taskCount = () => prisma.task.count({ where: { userId: user.userId } });

describe("documents and pasted text", () => {
  const docx = () =>
    file(
      "plan.docx",
      docxArchive(
        [wParagraph("Launch plan", { style: "Heading1" }), wParagraph("We launch the app in March."), wParagraph("Fix the battery drain", { numId: 1 }), wParagraph("Prepare the press release", { numId: 1 })].join(""),
      ),
    );

  test("a .docx and a .txt become tasks whose text keeps paragraphs, headings and lists; minutes are charged by size", async () => {
    const txt = file("notes.txt", "Meeting notes\n\nThe budget is fifty thousand dollars.\n\nMaria sends the report on Friday.");
    const form = await formWithFiles([{ path: docx() }, { path: txt }]);
    const est = await call<{ items: { name: string; seconds: number; minutes: number }[]; totalSeconds: number; totalMinutes: number; fits: boolean }>(estimate, { token: user.token, form });
    expect(est.code).toBe(200);
    expect(est.data.items.map((i) => i.name)).toEqual(["plan.docx", "notes.txt"]);
    // 600 UTF-8 bytes a minute, to the second (10 bytes a second, rounded up), of the text each document yields.
    const planText = "# Launch plan\n\nWe launch the app in March.\n\n- Fix the battery drain\n- Prepare the press release";
    const notesText = "Meeting notes\n\nThe budget is fifty thousand dollars.\n\nMaria sends the report on Friday.";
    const billed = [planText, notesText].map((text) => Math.ceil(Buffer.byteLength(text) / 10));
    expect(est.data.items.map((i) => i.seconds)).toEqual(billed);
    expect(est.data.totalSeconds).toBe(billed[0]! + billed[1]!);
    expect(est.data.totalMinutes).toBeCloseTo((billed[0]! + billed[1]!) / 60, 9);
    expect(est.data.fits).toBe(true);
    expect(await taskCount()).toBe(0);

    const before = (await call<{ usedSeconds: number }>(usage, { token: user.token })).data.usedSeconds;
    const created = await call<{ tasks: { id: string; status: string }[] }>(createDocument, { token: user.token, form: await formWithFiles([{ path: docx() }, { path: txt }]) });
    expect(created.code).toBe(200);
    // Queued, or already further along: this test's worker may finish the first document before the answer is
    // composed (seen with S3 storage, where storing the second file takes longer).
    for (const t of created.data.tasks) expect(["queued", "transcribing", "completed"]).toContain(t.status);
    const [plan, notes] = await Promise.all(created.data.tasks.map((t) => settle(t.id)));
    expect(plan).toMatchObject({ status: "completed", source: "document", title: "Launch plan" });
    expect(plan!.timeline.map((e) => e.text)).toEqual(["# Launch plan", "We launch the app in March.", "- Fix the battery drain\n- Prepare the press release"]);
    expect(plan!.fullText).toBe("# Launch plan\n\nWe launch the app in March.\n\n- Fix the battery drain\n- Prepare the press release");
    expect(notes!.timeline.map((e) => e.text)).toEqual(["Meeting notes", "The budget is fifty thousand dollars.", "Maria sends the report on Friday."]);
    expect(plan!.fullText).toBe(planText);
    expect((await call<{ usedSeconds: number }>(usage, { token: user.token })).data.usedSeconds).toBe(before + billed[0]! + billed[1]!);
  });

  test("a GBK-encoded Chinese .txt is readable", async () => {
    const gbk = file("会议.txt", execFileSync("iconv", ["-f", "UTF-8", "-t", "GBK"], { input: "项目会议纪要\n\n下周三之前完成电池优化，并提交测试报告。" }));
    const created = await call<{ tasks: { id: string }[] }>(createDocument, { token: user.token, form: await formWithFiles([{ path: gbk }]) });
    const task = await settle(created.data.tasks[0]!.id);
    expect(task.fullText).toBe("项目会议纪要\n\n下周三之前完成电池优化，并提交测试报告。");
  });

  test("pasted Chinese and English text become tasks that can be analysed", async () => {
    for (const text of ["今天的会议讨论了新版本的发布计划。\n\n张三负责在周五之前完成测试。", "The team agreed to ship on Monday.\n\nAlex will write the release notes."]) {
      const res = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text } });
      expect(res.code).toBe(200);
      const task = await settle(res.data.task.id);
      expect(task).toMatchObject({ status: "completed", source: "text" });
      expect(task.fullText).toBe(text);
      await call(analyze, { token: user.token, params: { id: task.id }, json: {} });
      for (let i = 0; i < 200; i++) {
        const t = (await call<{ status: string; summary: string | null }>(getTask, { token: user.token, params: { id: task.id } })).data;
        if (t.status === "analysis_completed") {
          expect(t.summary).toContain(text.split("\n")[0]!.slice(0, 12));
          break;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });

  test("an 83-character note costs 9 seconds (600 bytes a minute, to the second), not a whole minute", async () => {
    const text = "Call the printer on Tuesday about the brochure proofs, and confirm the final count.";
    expect(Buffer.byteLength(text)).toBe(83);
    const before = (await call<{ usedSeconds: number }>(usage, { token: user.token })).data.usedSeconds;
    const res = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text } });
    expect(res.code).toBe(200);
    const charge = await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: res.data.task.id }, select: { seconds: true } });
    expect(charge.seconds).toBe(9); // 83 bytes × 60 s / 600 bytes = 8.3 s, rounded up to the ledger's whole second
    const after = (await call<{ usedSeconds: number; usedMinutes: number }>(usage, { token: user.token })).data;
    expect(after.usedSeconds).toBe(before + 9);
    // Chinese counts by its UTF-8 bytes: 3 a character, so 200 characters are one minute.
    const zh = await call<{ task: { id: string } }>(pasteText, { token: user.token, json: { text: "会".repeat(200) } });
    expect((await prisma.usageCharge.findUniqueOrThrow({ where: { taskId: zh.data.task.id }, select: { seconds: true } })).seconds).toBe(60);
  });

  test("bad input gets its catalogue message and leaves no task", async () => {
    const count = await taskCount();
    const refuse = async (files: string[], key: string) => {
      const res = await call(createDocument, { token: user.token, form: await formWithFiles(files.map((p) => ({ path: p }))) });
      expect(res.data).toMatchObject({ error: key });
      return res;
    };
    expect((await call(pasteText, { token: user.token, json: { text: "  \n " } })).data).toMatchObject({ error: "documents.pasteEmpty" });
    const pdf = await refuse([file("report.docx", "%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")], "documents.notDocx");
    expect(pdf.message).toContain("report.docx");
    // A zip bomb disguised as .docx: 200 MB of zeros in about 200 KB.
    const bomb = docxArchive(wParagraph("Hi"), [{ name: "word/media/zeros.bin", data: "", deflated: await deflatedZeros(200 * 1024 * 1024), declaredSize: 200 * 1024 * 1024 }]);
    await refuse([file("bomb.docx", bomb)], "documents.unsafeArchive");
    const big = path.join(tmp, "big.txt");
    fs.writeFileSync(big, Buffer.alloc(50 * 1024 * 1024, "a"));
    await refuse([big], "documents.tooLarge");
    await refuse([file("slides.pdf", "%PDF-1.4")], "documents.unsupportedType");
    // One bad file among good ones: nothing is created.
    await refuse([file("fine.txt", "fine text"), file("empty.txt", "")], "documents.empty");
    expect(await taskCount()).toBe(count);
  });
});

describe("video-platform links", () => {
  test("malformed links, other hosts and private addresses are refused before any request", async () => {
    const before = site.requests.length;
    const cases: [string, string][] = [
      ["", "links.empty"],
      ["not a link", "links.invalidUrl"],
      ["ftp://youtube.com/watch?v=abcdefghijk", "links.protocol"],
      ["https://vimeo.com/123", "links.host"],
      ["https://youtube.com.evil.com/watch?v=abcdefghijk", "links.host"],
      ["http://10.0.0.1/video", "links.host"],
      ["http://169.254.169.254/latest/meta-data", "links.host"],
      ["http://localhost:8080/x", "links.host"],
      ["http://[::1]/x", "links.host"],
      [`http://127.0.0.1:${SITE_PORT + 7}/page/media.m4a`, "links.host"],
    ];
    for (const [url, key] of cases) {
      const res = await call(importLink, { token: user.token, json: { url } });
      expect([url, res.data]).toEqual([url, expect.objectContaining({ error: key })]);
    }
    expect(site.requests.length).toBe(before);
  });

  test("a link is fetched with yt-dlp and transcribed, titled after the video", async () => {
    const res = await call<{ task: { id: string; status: string; source: string } }>(importLink, { token: user.token, json: { url: site.url("/page/media.m4a") } });
    expect(res.code).toBe(200);
    expect(res.data.task).toMatchObject({ status: "queued", source: "link" });
    const task = await settle(res.data.task.id);
    expect(task).toMatchObject({ status: "completed", title: "JFK speech" });
    // The embedded engine's words (it hears "... you read up on me" in this clip); what matters is a transcript with speakers.
    expect(task.timeline.length).toBeGreaterThan(0);
    expect(task.fullText).toMatch(/\b(you|and)\b/);
    expect(task.speakers.length).toBeGreaterThanOrEqual(1);
  });

  test("a removed video fails with the platform's message and suggestions", async () => {
    const res = await call<{ task: { id: string } }>(importLink, { token: user.token, json: { url: site.url("/status/404") } });
    const task = await settle(res.data.task.id);
    expect(task.status).toBe("failed");
    expect(task.errorDetails).toMatchObject({ errorCode: "link_unavailable", suggestions: ["checkFileLink"] });
  });

  test("imports are rate limited per user, saying when to try again", async () => {
    let last;
    for (let i = 0; i < 3; i++) last = await call(importLink, { token: user.token, json: { url: site.url("/status/410") } });
    expect(last!.code).toBe(429);
    expect(last!.data).toMatchObject({ error: "links.rateLimited" });
    expect(last!.message).toMatch(/\d+ minute/);
    // Another user has their own allowance.
    expect((await call(importLink, { token: other.token, json: { url: site.url("/status/410") } })).code).toBe(200);
  });
});

describe("meeting links", () => {
  test("the configuration says a provider is set up; other links are not meeting links", async () => {
    expect((await call(meetingConfig, { token: user.token })).data).toEqual({ enabled: true });
    const res = await call(joinMeeting, { token: user.token, json: { meeting_url: "https://example.com/j/123" } });
    expect(res.data).toMatchObject({ error: "meetings.invalidLink" });
  });

  test("a meeting goes from joining to a transcript", async () => {
    const res = await call<{ task: { id: string; meetingStatus: string; source: string } }>(joinMeeting, { token: user.token, json: { meeting_url: "https://zoom.us/j/1234567890?pwd=abc" } });
    expect(res.code).toBe(200);
    expect(res.data.task).toMatchObject({ meetingStatus: "joining", source: "meeting" });
    // The answer's own "joining" counts: on a busy machine the bot may be in the meeting (300 ms) before the first poll.
    const seen = new Set<string>([res.data.task.meetingStatus]);
    const task = await settle(res.data.task.id, seen);
    expect(task.status).toBe("completed");
    expect([...seen]).toEqual(expect.arrayContaining(["joining", "in_meeting", "ended"]));
    expect(task.timeline.length).toBeGreaterThan(0);
    expect(task.fullText).toMatch(/\b(you|and)\b/);
    expect(bot.requests[0]!.authorization).toBe(`Token ${BOT_KEY}`);
  });

  test("a bot that fails to join fails the task with the meeting's message", async () => {
    const res = await call<{ task: { id: string } }>(joinMeeting, { token: user.token, json: { meeting_url: "https://meet.google.com/abc-defg-hij" } });
    const botId = (await prisma.task.findUniqueOrThrow({ where: { id: res.data.task.id }, select: { meetingBotId: true } })).meetingBotId!;
    bot.failBot(botId, "meeting_not_found");
    const task = await settle(res.data.task.id);
    expect(task.status).toBe("failed");
    expect(task.errorDetails?.errorCode).toBe("meeting_join_failed");
  });
});

test("another user sees none of these tasks", async () => {
  const mine = await prisma.task.findMany({ where: { userId: user.userId }, select: { id: true } });
  expect(mine.length).toBeGreaterThan(5);
  for (const { id } of mine) expect((await call(getTask, { token: other.token, params: { id } })).code).toBe(404);
  const list = await call<{ items: { id: string }[] }>(listTasks, { token: other.token });
  expect(list.data.items.every((t) => !mine.some((m) => m.id === t.id))).toBe(true);
});

test.each([
  ["POST document-estimate", estimate, "POST"],
  ["POST create-document", createDocument, "POST"],
  ["POST paste-text", pasteText, "POST"],
  ["POST import-link", importLink, "POST"],
  ["GET meetings config", meetingConfig, "GET"],
  ["POST meetings join", joinMeeting, "POST"],
] as const)("nobody signed in gets 401 from %s", async (_name, handler, method) => {
  const res = await call(handler as never, { method, json: method === "GET" ? undefined : {} });
  expect(res.status).toBe(401);
});
