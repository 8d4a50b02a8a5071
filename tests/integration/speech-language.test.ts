import { BOT_KEY, BOT_PORT } from "./speech-language.env";
import fs from "node:fs";
import path from "node:path";
import { POST as create } from "@/app/api/transcription/create/route";
import { POST as merge } from "@/app/api/transcription/merge-transcribe/route";
import { POST as start } from "@/app/api/transcription/start-transcription/[id]/route";
import { POST as importLink } from "@/app/api/transcription/import-link/route";
import { POST as joinMeeting } from "@/app/api/meetings/join/route";
import { GET as speechConfig } from "@/app/api/transcription/speech-config/route";
import { GET as usage } from "@/app/api/usage/route";
import { prisma } from "@/lib/server/prisma";
import { redis, redisKey } from "@/lib/server/redis";
import { closeBatchDecoders } from "@/lib/speech/batch-decoders";
import { PermanentTaskError } from "@/lib/jobs/task-errors";
import { markTranscriptionFailed, runTranscription } from "@/lib/tasks/pipeline";
import { newTaskId } from "@/lib/tasks/task-files";
import { setupTestDatabase } from "@/tests/helpers/db";
import { call, CORPUS, formWithFiles } from "@/tests/helpers/api";
import { startFakeMeetingBot, type FakeMeetingBot } from "@/tests/helpers/fake-meeting-bot";
import { signIn } from "@/tests/helpers/users";

// The embedded engine (pocketsphinx) recognises US English only. A recording said to be in
// any other language, or "detect", is refused at every start (upload, merge, retry, link,
// meeting) with the catalogue message in the caller's language, and nothing is stored or
// charged; an English one goes through to a transcript. Messages are checked against the
// catalogue files, transcripts against the corpus reference text.
jest.setTimeout(120_000);

const ZH_CLIP = path.join(CORPUS, "zh/zh_aishell_BAC009S0724W0121.wav");
const EN_CLIP = path.join(CORPUS, "single/en_jfk.wav");
const catalogue = (locale: string) => JSON.parse(fs.readFileSync(path.join("messages", locale, "errors.json"), "utf8")) as { tasks: Record<string, string> };
const ZH = { "x-locale": "zh" };

let user: Awaited<ReturnType<typeof signIn>>;
let bot: FakeMeetingBot;

beforeAll(async () => {
  await setupTestDatabase();
  user = await signIn("spoken");
  bot = await startFakeMeetingBot({ mediaFile: EN_CLIP, key: BOT_KEY, port: BOT_PORT });
});

afterAll(async () => {
  closeBatchDecoders();
  await bot?.close();
});

/** What the user has been charged: the usage answer and the ledger's rows. */
async function ledger() {
  const u = await call<{ usedMinutes: number }>(usage, { token: user.token });
  const charges = await prisma.usageCharge.findMany({ where: { userId: user.userId }, select: { taskId: true, seconds: true, refundedAt: true }, orderBy: { createdAt: "asc" } });
  const tasks = await prisma.task.count({ where: { userId: user.userId } });
  return { usedMinutes: u.data.usedMinutes, charges, tasks };
}

describe("the embedded engine and the spoken language", () => {
  test("the browser is told the engine hears English only and cannot detect", async () => {
    const res = await call(speechConfig, { token: user.token });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ engine: "embedded", languages: ["en"], detect: false });
    expect((await call(speechConfig, {})).status).toBe(401);
  });

  test("a Chinese upload is refused in Chinese, and nothing is stored or charged", async () => {
    const before = await ledger();
    const zhMessage = catalogue("zh").tasks.spokenLanguageUnsupported!;
    // Said to be Chinese; then not said at all from a Chinese interface (the default is the interface language).
    for (const fields of [{ spoken_language: "zh" }, {} as Record<string, string>]) {
      const res = await call(create, { token: user.token, headers: ZH, form: await formWithFiles([{ path: ZH_CLIP }], fields) });
      expect(res.status).toBe(400);
      expect(res.data).toMatchObject({ error: "tasks.spokenLanguageUnsupported" });
      expect(res.message).toBe(zhMessage);
    }
    // In English for an English caller; "detect" is refused too (this engine cannot tell languages apart).
    const en = await call(create, { token: user.token, form: await formWithFiles([{ path: ZH_CLIP }], { spoken_language: "auto" }) });
    expect(en.status).toBe(400);
    expect(en.message).toBe(catalogue("en").tasks.spokenLanguageUnsupported);
    const merged = await call(merge, { token: user.token, headers: ZH, form: await formWithFiles([{ path: ZH_CLIP }, { path: ZH_CLIP }], { spoken_language: "zh" }) });
    expect(merged.status).toBe(400);
    expect(merged.message).toBe(zhMessage);
    // A language we do not know at all has its own message.
    const unknown = await call(create, { token: user.token, headers: ZH, form: await formWithFiles([{ path: EN_CLIP }], { spoken_language: "klingon" }) });
    expect(unknown.status).toBe(400);
    expect(unknown.message).toBe(catalogue("zh").tasks.spokenLanguageInvalid);
    expect(await ledger()).toEqual(before);
    // Nothing was left in storage either.
    const media = path.join(process.env.DATA_DIR!, "storage", "media", user.userId);
    expect(fs.existsSync(media) ? fs.readdirSync(media) : []).toEqual([]);
  });

  test("a link or a meeting in Chinese is refused before the hourly allowance is used or a bot is sent", async () => {
    const before = await ledger();
    const link = await call(importLink, { token: user.token, headers: ZH, json: { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" } });
    expect(link.status).toBe(400);
    expect(link.message).toBe(catalogue("zh").tasks.spokenLanguageUnsupported);
    expect(await redis().zcard(redisKey("links", "imports", user.userId))).toBe(0);
    const meeting = await call(joinMeeting, { token: user.token, headers: ZH, json: { meeting_url: "https://zoom.us/j/1234567890", spoken_language: "ja" } });
    expect(meeting.status).toBe(400);
    expect(meeting.message).toBe(catalogue("zh").tasks.spokenLanguageUnsupported);
    expect(bot.requests.filter((r) => r.method === "POST")).toHaveLength(0);
    expect(await ledger()).toEqual(before);
  });

  test("an English recording from a Chinese interface goes through to its transcript", async () => {
    const before = await ledger();
    const res = await call<{ tasks: { id: string }[] }>(create, { token: user.token, headers: ZH, form: await formWithFiles([{ path: EN_CLIP }], { spoken_language: "en", start: "false" }) });
    expect(res.code).toBe(200);
    const id = res.data.tasks[0]!.id;
    const after = await ledger();
    expect(after.tasks).toBe(before.tasks + 1);
    // The 11-second clip (corpus manifest) is charged in whole seconds.
    expect(after.charges.find((c) => c.taskId === id)).toMatchObject({ seconds: 11, refundedAt: null });
    expect((await prisma.task.findUniqueOrThrow({ where: { id } })).spokenLanguage).toBe("en");
    // The worker's pipeline, run here: the reference text's words come out.
    await prisma.task.update({ where: { id }, data: { status: "queued" } });
    await runTranscription(id, { locale: "zh" });
    const done = await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, fullText: true, speechEngine: true } });
    expect(done.status).toBe("completed");
    expect(done.speechEngine).toBe("pocketsphinx");
    expect(done.fullText?.toLowerCase()).toMatch(/country/);
  });

  test("a Chinese task that reaches the embedded engine fails with its own message, and its retry is refused uncharged", async () => {
    // As if queued while a speech service was connected, which the operator has since taken away.
    const id = newTaskId();
    await prisma.task.create({ data: { id, userId: user.userId, title: "会议", source: "upload", status: "queued", spokenLanguage: "zh" } });
    const error = await runTranscription(id, { locale: "zh" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentTaskError);
    expect((error as PermanentTaskError).code).toBe("language_unsupported");
    await markTranscriptionFailed(id, error, { locale: "zh", attempts: 1, requestId: "req-test" });
    const tasksZh = JSON.parse(fs.readFileSync("messages/zh/tasks.json", "utf8")) as { failure: Record<string, { message: string }> };
    expect(await prisma.task.findUniqueOrThrow({ where: { id }, select: { status: true, errorCode: true, errorMessage: true } })).toEqual({
      status: "failed",
      errorCode: "language_unsupported",
      errorMessage: tasksZh.failure.language_unsupported!.message,
    });
    const before = await ledger();
    const retry = await call(start, { token: user.token, headers: ZH, params: { id } });
    expect(retry.status).toBe(400);
    expect(retry.message).toBe(catalogue("zh").tasks.spokenLanguageUnsupported);
    expect((await prisma.task.findUniqueOrThrow({ where: { id } })).status).toBe("failed");
    expect(await ledger()).toEqual(before);
  });
});
