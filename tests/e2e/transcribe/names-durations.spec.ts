import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { CORPUS, openUpload, scratchDir, signIn } from "../helpers";

// Issue 24: a file named 会议记录.wav picked in the real upload dialog, sent by Chromium's own
// FormData (UTF-8 name bytes, no filename*), is titled 会议记录 in the list and the task; and a
// 3.0 s video made with ffmpeg (its audio decodes to 2.995 s) is listed as 00:03, not 00:02.

/** A copy of a corpus clip under a name of our choosing (the name is what is tested). */
function namedCopy(name: string, from = "single/en_LDC93S1.wav"): string {
  const folder = fs.mkdtempSync(path.join(scratchDir(), "named-"));
  const file = path.join(folder, name);
  fs.copyFileSync(path.join(CORPUS, from), file);
  return file;
}

async function uploadThroughDialog(page: Page, file: string) {
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(file);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await expect(page.getByTestId("upload-file-row")).toContainText(path.basename(file));
  // The clips are English speech; a Chinese interface starts the spoken language at Chinese, which the built-in engine cannot hear.
  await page.getByTestId("upload-language").selectOption("en");
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("upload-dropzone")).toHaveCount(0);
}

test.describe("desktop, English", () => {
  test.use({ viewport: { width: 1366, height: 900 }, locale: "en-US" });

  test("会议记录.wav uploaded through the dialog is titled 会议记录 in the list and the task", async ({ page }) => {
    await signIn(page, "e2e-names-desktop@example.com");
    await uploadThroughDialog(page, namedCopy("会议记录.wav"));
    const item = page.getByTestId("task-item").first();
    await expect(item.getByTestId("task-item-title")).toHaveText("会议记录");
    await item.getByTestId("task-open").click();
    await expect(page.getByTestId("task-title")).toHaveText("会议记录");
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await expect(page.getByTestId("task-title")).toHaveText("会议记录");
    await page.screenshot({ path: test.info().outputPath("chinese-name-1366-en.png") });
  });

  test("a 3.0 s video made with ffmpeg is listed as 00:03; 59.5 s as 01:00", async ({ page }) => {
    const folder = fs.mkdtempSync(path.join(scratchDir(), "clip-"));
    const clip = path.join(folder, "three-seconds.mp4");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg"), "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", clip]);
    const probed = (what: string, file: string) => Number(execFileSync("ffprobe", ["-v", "error", "-show_entries", what, "-of", "csv=p=0", file]).toString().trim().split("\n")[0]);
    expect(probed("format=duration", clip)).toBeCloseTo(3.0, 2);
    // What the task's duration becomes once its audio is decoded: just under 3 s.
    const decoded = path.join(folder, "decoded.wav");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", clip, "-ac", "1", "-ar", "16000", decoded]);
    expect(probed("format=duration", decoded)).toBeLessThan(3.0);

    await signIn(page, "e2e-durations@example.com");
    await openUpload(page, "video");
    await page.getByTestId("upload-file-input").setInputFiles(clip);
    await expect(page.getByTestId("upload-file-duration")).toHaveText("00:03");
    await page.getByTestId("upload-submit").click();
    const item = page.getByTestId("task-item").filter({ hasText: "three-seconds" });
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await expect(item.getByTestId("task-item-duration")).toHaveText("00:03");
    await item.getByTestId("task-open").click();
    await expect(page.getByTestId("task-duration")).toContainText("00:03");

    // 59.5 s of speech and silence (not started: the list shows the length it was checked at).
    const long = path.join(folder, "fifty-nine-and-a-half.wav");
    execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-af", "apad", "-t", "59.5", "-ar", "16000", "-ac", "1", long]);
    expect(probed("format=duration", long)).toBeCloseTo(59.5, 3);
    const token = await page.evaluate(() => localStorage.getItem("auth:token"));
    const created = await page.request.post("/api/transcription/create", {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name: path.basename(long), mimeType: "audio/wav", buffer: fs.readFileSync(long) }, start: "false" },
    });
    expect((await created.json()).code).toBe(200);
    await page.reload();
    await expect(page.getByTestId("task-item").filter({ hasText: "fifty-nine-and-a-half" }).getByTestId("task-item-duration")).toHaveText("01:00");
    await page.screenshot({ path: test.info().outputPath("durations-1366-en.png") });

    // The minutes used read the same in the header and the account panel: 3 s + 60 s billed = 1.05 min → 1.1.
    const usage = await (await page.request.get("/api/usage", { headers: { authorization: `Bearer ${token}` } })).json();
    expect(usage.data.usedSeconds).toBe(3 + 60);
    await expect(page.getByTestId("usage-value")).toContainText("1.1");
    await expect(page.getByTestId("usage-value")).toContainText("300");
    await page.getByTestId("account-open").click();
    await expect(page.getByTestId("account-dialog").getByTestId("account-usage")).toContainText("1.1 of 300 minutes used");
  });
});

test.describe("phone, Chinese", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN" });

  test("会议记录.wav uploaded on the phone is titled 会议记录 in the list and the task", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
    await signIn(page, "e2e-names-phone@example.com");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await uploadThroughDialog(page, namedCopy("会议记录.wav"));
    // The phone opens the new task at once.
    const task = page.getByTestId("mobile-task");
    await expect(task.getByTestId("task-title")).toHaveText("会议记录");
    await expect(task).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await page.screenshot({ path: test.info().outputPath("chinese-name-390-zh-task.png") });
    await page.getByTestId("mobile-back").click();
    const item = page.getByTestId("task-item").first();
    await expect(item.getByTestId("task-item-title")).toHaveText("会议记录");
    await expect(item.getByTestId("task-item-duration")).toHaveText("00:03"); // LDC93S1: 2.925 s
    await page.screenshot({ path: test.info().outputPath("chinese-name-390-zh-list.png") });
  });
});
