import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, gridMp4, openUpload, signIn, uploadAndOpen } from "../helpers";

// With the service worker in control, as on a user's device (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

test("uploads a WAV, reads the transcript, renames a speaker, seeks by a line, renames and deletes the task", async ({ page }) => {
  await signIn(page, "e2e-audio@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_jfk.wav"));

  // Transcript grouped under one speaker, with times.
  await expect(page.getByTestId("transcript-group")).toHaveCount(1);
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText(/Speaker 1/);
  const text = (await page.getByTestId("transcript").textContent())!.toLowerCase();
  expect(text).toMatch(/you/);

  // Rename the speaker: the transcript and the speakers panel follow.
  await page.getByTestId("transcript-speaker-name").first().click();
  await page.getByTestId("speaker-rename-input").fill("President Kennedy");
  await page.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText("President Kennedy");
  await page.reload();
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText("President Kennedy");

  // Click a later line: the player seeks there and that line is highlighted.
  const entries = page.getByTestId("transcript-entry");
  const target = entries.last();
  const begin = Number(await target.getAttribute("data-begin"));
  await target.getByTestId("transcript-entry-text").click();
  const player = page.getByTestId("media-player");
  await expect.poll(async () => player.evaluate((el: HTMLMediaElement) => el.currentTime * 1000)).toBeGreaterThanOrEqual(begin - 50);
  await expect(target).toHaveAttribute("data-active", "true");
  await player.evaluate((el: HTMLMediaElement) => el.pause());

  // Rename the task.
  await page.getByTestId("task-title-edit").click();
  await page.getByTestId("task-title-input").fill("Inaugural address");
  await page.getByTestId("task-title-save").click();
  await expect(page.getByTestId("task-title")).toHaveText("Inaugural address");
  await expect(page.getByTestId("task-item-title").first()).toHaveText("Inaugural address");

  // Delete it (from the header's "More" menu).
  await page.getByTestId("task-more").click();
  await page.getByTestId("task-delete").click();
  await page.getByTestId("confirm-ok").click();
  await expect(page.getByTestId("task-item")).toHaveCount(0);
  await expect(page.getByTestId("task-list-empty")).toBeVisible();
});

test("uploads a video and plays it beside its transcript", async ({ page }) => {
  await signIn(page, "e2e-video@example.com");
  await uploadAndOpen(page, "video", gridMp4());
  await expect(page.getByTestId("media-player")).toHaveAttribute("data-kind", "video");
  await expect(page.getByTestId("task-duration")).toBeVisible();
});

test("another user sees none of your tasks", async ({ page, browser }) => {
  await signIn(page, "e2e-owner@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_LDC93S1.wav"));
  const id = await page.getByTestId("task-item").first().getAttribute("data-task-id");

  const context = await browser.newContext();
  const stranger = await context.newPage();
  await signIn(stranger, "e2e-stranger@example.com");
  await expect(stranger.getByTestId("task-list-empty")).toBeVisible();
  await stranger.goto(`/transcribe/?task=${id}`);
  await expect(stranger.getByTestId("task-detail-error")).toBeVisible();
  await context.close();
});

test("merges two recordings, in the order the user sets, into one task", async ({ page }) => {
  await signIn(page, "e2e-merge@example.com");
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles([path.join(CORPUS, "single/en_jfk.wav"), path.join(CORPUS, "single/en_LDC93S1.wav")]);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(2);
  // The switch itself is visually hidden behind its track; click its label.
  await page.getByTestId("upload-merge-toggle").check({ force: true });
  for (const row of await page.getByTestId("upload-file-row").all()) {
    if ((await row.getAttribute("data-selected")) !== "true") await row.getByTestId("upload-file-select").check();
  }
  // Put the short clip first.
  await page.getByTestId("upload-file-down").first().click();
  await expect(page.getByTestId("upload-file-row").first()).toHaveAttribute("data-name", "en_LDC93S1.wav");
  await page.getByTestId("upload-merge-title").fill("Two clips");
  await page.getByTestId("upload-submit").click();

  const item = page.getByTestId("task-item").filter({ hasText: "Two clips" });
  await expect(item).toHaveCount(1);
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("task-duration")).toContainText(/00:1[34]/); // 2.9 s + 11 s
  // The JFK words come after the first clip's 2.9 s.
  const last = page.getByTestId("transcript-entry").last();
  expect(Number(await last.getAttribute("data-begin"))).toBeGreaterThan(2900);
});
