import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { announcements, CORPUS, openUpload, recordNotifications, signIn } from "../helpers";

/** Init script: the browser has not been asked yet, and answers the way Chrome's quiet prompt does ("default", no decision). */
function quietPermissionPrompt() {
  Object.defineProperty(window.Notification, "permission", { get: () => "default", configurable: true });
  Object.defineProperty(window.Notification, "requestPermission", { value: () => Promise.resolve("default"), configurable: true });
}

async function upload(page: Page, file: string) {
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(file);
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: path.parse(file).name }).first();
  await expect(item).toBeVisible();
  return item;
}

test.describe("with notifications allowed", () => {
  test.use({ permissions: ["notifications"] });

  test("a finished transcription is announced with the task's title", async ({ page }) => {
    await page.addInitScript(recordNotifications);
    await signIn(page, "e2e-notify@example.com");
    // Permission is already granted: nothing to ask.
    await expect(page.getByTestId("task-list-empty")).toBeVisible();
    await expect(page.getByTestId("notify-prompt")).toHaveCount(0);

    const item = await upload(page, path.join(CORPUS, "single/en_jfk.wav"));
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    const announced = () => announcements(page);
    await expect.poll(announced).toContainEqual({ title: "Transcription complete", body: "“en_jfk” has been transcribed." });

    // Reloading shows the same finished task: old news is not announced again.
    await page.reload();
    await expect(page.getByTestId("task-item").first()).toHaveAttribute("data-status", /completed/);
    await page.waitForTimeout(2500); // one list poll
    expect(await announced()).toEqual([]);
  });
});

test("the prompt asks for permission once there are tasks, and reports the browser's answer", async ({ page }) => {
  await page.addInitScript(quietPermissionPrompt);
  await signIn(page, "e2e-notify-prompt@example.com");
  await expect(page.getByTestId("task-list-empty")).toBeVisible();
  await expect(page.getByTestId("notify-prompt")).toHaveCount(0);

  await upload(page, path.join(CORPUS, "single/en_LDC93S1.wav"));
  await expect(page.getByTestId("notify-prompt")).toBeVisible();
  await page.getByTestId("notify-enable").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: "blocked the request without showing it" })).toBeVisible();
  await expect(page.getByTestId("notify-prompt")).toHaveCount(0);

  // Still undecided, but not asked again today; "Not now" works the same way.
  await page.reload();
  await expect(page.getByTestId("task-item")).toHaveCount(1);
  await expect(page.getByTestId("notify-prompt")).toHaveCount(0);
  await page.evaluate(() => localStorage.removeItem("notify_prompt_dismissed"));
  await page.reload();
  await page.getByTestId("notify-dismiss").click();
  await expect(page.getByTestId("notify-prompt")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("task-item")).toHaveCount(1);
  await expect(page.getByTestId("notify-prompt")).toHaveCount(0);
});
