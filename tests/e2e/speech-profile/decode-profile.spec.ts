import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, docShot, openUpload, signIn } from "../helpers";

test("choosing 'Faster' on upload transcribes with the fast profile, and the task says so", async ({ page }) => {
  await signIn(page, "e2e-decode-profile@example.com");
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  const profile = page.getByTestId("upload-decode-profile");
  await expect(profile).toHaveValue("accurate");
  await profile.selectOption("fast");
  await page.getByTestId("upload-decode-profile").screenshot({ path: docShot("upload-decode-profile-en.png") });
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: "en_jfk" }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const note = page.getByTestId("speech-engine-note");
  await expect(note).toHaveAttribute("data-profile", "fast");
  await expect(note).toContainText("faster profile");
  // Words of the clip's reference text ("And so my fellow Americans, ask not what your country can do for you…"),
  // which the fast profile still hears; the rest of its line is the profile's lower accuracy (bench/README.md).
  await expect(page.getByTestId("transcript")).toContainText(/my fellow/i);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the upload form offers the speed choice inside the screen", async ({ page }) => {
    await signIn(page, "e2e-decode-profile-phone@example.com");
    await page.goto("/transcribe/");
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await openUpload(page, "audio");
    await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
    const profile = page.getByTestId("upload-decode-profile");
    await profile.scrollIntoViewIfNeeded();
    await profile.selectOption("fast");
    await expect(profile).toHaveValue("fast");
    const box = await profile.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  });
});
