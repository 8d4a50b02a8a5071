import fs from "node:fs";
import path from "node:path";
import Redis from "ioredis";
import { expect, test, type Page } from "playwright/test";
import { sql } from "../account/db";
import { E2E_SERVERS } from "../env";
import { CORPUS, signIn } from "../helpers";

// How a task reads while every decoder slot is held by other users' chunks: the worker then
// writes the stage "waitingDecoder" (lib/speech/decode-progress.ts). Putting a machine under
// that load in a browser test is slow and flaky, so the task's state is written as the
// worker writes it (status in PostgreSQL, progress in Redis), and the page is looked at.

async function taskWaitingForDecoder(page: Page, percent: number): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("auth:token"));
  const created = await page.request.post("/api/transcription/create", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "weekly-sync.wav", mimeType: "audio/wav", buffer: fs.readFileSync(path.join(CORPUS, "single/en_jfk.wav")) }, start: "false", spoken_language: "en" },
  });
  const id = ((await created.json()) as { data: { tasks: { id: string }[] } }).data.tasks[0]!.id;
  await sql(`UPDATE "Task" SET status='transcribing' WHERE id=$1`, [id]);
  const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true });
  await redis.connect();
  try {
    const key = `${E2E_SERVERS.local.redisPrefix}:progress:${id}`;
    await redis.set(key, JSON.stringify({ stage: "waitingDecoder", percent, updatedAt: Date.now() }), "EX", 120);
  } finally {
    redis.disconnect();
  }
  return id;
}

test.describe("desktop, English", () => {
  test.use({ viewport: { width: 1366, height: 900 }, locale: "en-US" });
  test("a task waiting for a decoder says so, with its bar where it was", async ({ page }) => {
    await signIn(page, "e2e-waiting-desktop@example.com");
    const id = await taskWaitingForDecoder(page, 27);
    await page.reload();
    const item = page.locator(`[data-testid="task-item"][data-task-id="${id}"]`);
    await expect(item.getByTestId("task-progress-label")).toHaveText("Waiting its turn for speech recognition");
    await expect(item.getByTestId("task-progress-percent")).toHaveText(/27/);
    await page.screenshot({ path: test.info().outputPath("waiting-1366-en.png") });
  });
});

test.describe("phone, Chinese", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN" });
  test("a task waiting for a decoder says so in Chinese", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
    await signIn(page, "e2e-waiting-phone@example.com");
    const id = await taskWaitingForDecoder(page, 27);
    await page.reload();
    const item = page.locator(`[data-testid="task-item"][data-task-id="${id}"]`);
    await expect(item.getByTestId("task-progress-label")).toHaveText("正在排队等待语音识别");
    await page.screenshot({ path: test.info().outputPath("waiting-390-zh.png") });
  });
});
