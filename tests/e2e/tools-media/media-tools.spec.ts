import { execFileSync } from "node:child_process";
import path from "node:path";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { CORPUS, docShot, gridMp4, latestLoginLink, scratchDir } from "../helpers";

// Issue 12, media tools, signed out: convert a corpus video and download the audio (issue 24:
// fastest mode says what it will make, and offers MP3 for an MPEG-1 video's MP2); compress
// audio at 40%; countdown, expiry, delete, clear all; "transcribe this" → login → continue.
const VIDEO = path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg");
const AUDIO = path.join(CORPUS, "single/en_LJ001-0001.wav");

async function expireAll(): Promise<void> {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    // What the passing of time does: every link's expiry is now behind us.
    await db.query(`UPDATE "ProcessedMediaFile" SET "downloadExpiresAt" = now() - interval '1 second' WHERE "status" = 'completed'`);
  } finally {
    await db.end();
  }
}

const toast = (page: Page, text: string | RegExp) => page.getByTestId("toast-message").filter({ hasText: text });

async function uploadAndProcess(page: Page, file: string) {
  await page.getByTestId("media-file-input").setInputFiles(file);
  await page.getByTestId("media-upload").click();
  await expect(toast(page, "File uploaded")).toBeVisible();
  await expect(page.getByTestId("media-estimate")).toContainText(/Estimated output size: \d/);
}

test("video to audio, fastest mode: says what it will make; the corpus MPEG-1 video's MP2 is flagged and MP3 is one click away", async ({ page }) => {
  await page.goto("/tools/online-video-to-audio-converter");
  // Nothing picked yet: "select a file first".
  await page.getByTestId("media-upload").click();
  await expect(toast(page, "Please select a file first.")).toBeVisible();
  // An audio file is refused by content.
  await page.getByTestId("media-file-input").setInputFiles(AUDIO);
  await page.getByTestId("media-upload").click();
  await expect(toast(page, "Please select a video file.")).toBeVisible();

  // An MP4 with AAC sound: fastest mode keeps it as M4A, nothing to warn about.
  await uploadAndProcess(page, gridMp4());
  const notice = page.getByTestId("media-fastest-notice");
  await expect(notice).toHaveText("Fastest mode saves this video's own audio as M4A (AAC), with no re-encoding.");
  await expect(page.getByTestId("media-fastest-mp3")).toHaveCount(0);
  await page.getByTestId("media-mode-encode").check();
  await expect(notice).toHaveCount(0);

  // The corpus MPEG-1 video carries MP2 sound: the notice says so before anything starts.
  await page.goto("/tools/online-video-to-audio-converter");
  await uploadAndProcess(page, VIDEO);
  await expect(page.getByTestId("media-mode-fastest")).toBeChecked();
  await expect(notice).toHaveAttribute("data-ext", "mp2");
  await expect(notice).toContainText("This video's audio is MP2: fastest mode would save it as a .mp2 file, which many phones and players cannot open.");
  await page.screenshot({ path: docShot("tools-media-video-to-audio.png"), fullPage: true });
  // One click: MP3 instead, started at once.
  await page.getByTestId("media-fastest-mp3").click();
  await expect(toast(page, "Processing completed")).toBeVisible();
  await expect(page.getByTestId("media-mode-encode")).toBeChecked();
  const row = page.getByTestId("media-file").first();
  await expect(row).toHaveAttribute("data-status", "completed");
  const [download] = await Promise.all([page.waitForEvent("download"), row.getByTestId("media-download").click()]);
  await expect(toast(page, "Download started")).toBeVisible();
  expect(download.suggestedFilename()).toBe("grid_id2_vcd_swwp2s.mp3");
  const saved = path.join(scratchDir(), download.suggestedFilename());
  await download.saveAs(saved);
  const streams = execFileSync("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name", "-of", "csv=p=0", saved]).toString().trim();
  expect(streams).toBe("mp3,audio");
});

test("audio compressor at 40%: countdown, expired link, delete one, clear all", async ({ page }) => {
  await page.goto("/tools/online-audio-compressor");
  await expect(page.getByTestId("media-faq")).toBeVisible();
  await uploadAndProcess(page, AUDIO);
  await expect(page.getByTestId("media-options")).toContainText("Quality: 40%");
  // 9.7 s of 22.05 kHz mono speech: kept at 22.05 kHz mono and 40 kbps, about 48 KB (docs/tools.md "Speech-rate sources").
  await expect(page.getByTestId("media-estimate")).toContainText(/Estimated output size: (4[0-9]|5[0-5])(\.\d)? KB/);
  await page.getByTestId("media-start").click();
  await expect(toast(page, "Processing completed")).toBeVisible();
  // A second file, to delete one and clear the rest.
  await page.getByTestId("media-another").click();
  await uploadAndProcess(page, path.join(CORPUS, "single/en_LJ001-0002.wav"));
  await page.getByTestId("media-start").click();
  await expect(page.getByTestId("media-file").filter({ has: page.getByTestId("media-download") })).toHaveCount(2);

  await page.goto("/tools/media");
  const rows = page.getByTestId("media-file");
  await expect(rows).toHaveCount(2);
  await expect(rows.first().getByTestId("media-countdown")).toContainText(/Download link expires in 1:5\d:\d\d/);
  await expect(rows.first().getByTestId("media-created")).toHaveText("just now");
  await page.screenshot({ path: docShot("tools-media-history.png"), fullPage: true });

  await expireAll();
  await page.reload();
  await expect(rows.first().getByTestId("media-countdown")).toHaveText("Download link expired");
  await expect(rows.first().getByTestId("media-download")).toHaveCount(0);

  await rows.first().getByTestId("media-delete").click();
  await expect(rows).toHaveCount(1);
  page.once("dialog", (d) => void d.accept());
  await page.getByTestId("media-clear-all").click();
  await expect(page.getByTestId("media-files-empty")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("'transcribe this' asks to log in, and after signing in through /tools/callback the task is created", async ({ page }) => {
    await page.goto("/tools/online-audio-compressor");
    await uploadAndProcess(page, AUDIO);
    await page.getByTestId("media-start").click();
    await expect(toast(page, "Processing completed")).toBeVisible();
    const box = await page.getByTestId("media-tool-compress").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: docShot("tools-media-compressor-mobile.png"), fullPage: true });

    await page.getByTestId("media-transcribe").click();
    await expect(page).toHaveURL(/\/transcribe\/login/);
    const email = `e2e-tools-media-${Date.now()}@example.com`;
    const before = Date.now() - 1;
    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("login-link-sent")).toBeVisible();
    const link = await latestLoginLink(email, before);
    expect(link).toContain("/tools/callback");
    await page.goto(link);
    await expect(page).toHaveURL(/\/tools\/online-audio-compressor/);
    await expect(toast(page, "Transcription task created")).toBeVisible();
    await expect(page.getByTestId("media-open-task")).toBeVisible();
  });
});
