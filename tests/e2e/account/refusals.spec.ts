import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, openUpload, signIn } from "../helpers";
import { setPlan, setUsedMinutes } from "./db";

// Server refusals that open their own dialog (issue 11): a free user's batch upload opens the
// upgrade-to-Pro dialog; minutes used up behind the page's back (the server refuses, the page
// thought there was room) open the out-of-credits dialog, for uploads and document imports;
// the account panel's usage line says used / total and the next reset.

const clips = [path.join(CORPUS, "single/en_jfk.wav"), path.join(CORPUS, "single/en_LDC93S1.wav")];

test("a free user's batch upload is not offered (the reason and the upgrade show at once), and the server's refusal opens the upgrade-to-Pro dialog", async ({ page }) => {
  const email = `e2e-batch-free-${Date.now()}@example.com`;
  await signIn(page, email);
  const creates: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/transcription/create")) creates.push(r.url());
  });
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(clips);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(2);
  // The dialog has read the plan (its usage line shows); before that only the server can refuse.
  await expect(page.getByTestId("upload-usage")).toBeVisible();
  // The upload the plan refuses is not offered: the reason shows, with the way to upgrade.
  await expect(page.getByTestId("upload-submit")).toBeDisabled();
  await expect(page.getByTestId("upload-plan-refusal")).toContainText("Uploading several files at once is a Pro feature");
  await page.getByTestId("upload-plan-upgrade").click();
  const upgrade = page.getByTestId("upload-pro-required");
  await expect(upgrade).toContainText("Uploading several files at once is a Pro feature");
  await expect(page.getByTestId("upload-dropzone")).toHaveCount(0);
  // The browser knew the plan: nothing was uploaded.
  expect(creates).toHaveLength(0);
  await upgrade.getByTestId("upgrade-close").click();

  // The page thinks the user is on Pro, but the plan ended meanwhile: the server refuses, the same dialog opens.
  await setPlan(email, "pro");
  await page.reload();
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(clips);
  await expect(page.getByTestId("upload-submit")).toBeEnabled();
  // The dialog has read the plan (its usage line shows) before the plan ends behind its back.
  await expect(page.getByTestId("upload-usage")).toBeVisible();
  await setPlan(email, "free");
  await page.getByTestId("upload-submit").click();
  await expect(upgrade).toContainText("Uploading several files at once is a Pro feature");
  expect(creates).toHaveLength(1);
  await expect(page.getByTestId("upload-error")).toHaveCount(0);
  await upgrade.getByTestId("upgrade-plans").click();
  await expect(page).toHaveURL(/\/transcribe\/payment\/plans$/);
});

test("minutes used up behind the page's back: the server's refusal opens the out-of-credits dialog (upload, document import); the account shows the usage", async ({ page }) => {
  const email = `e2e-credits-server-${Date.now()}@example.com`;
  await signIn(page, email);
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(clips[0]!);
  await expect(page.getByTestId("upload-submit")).toBeEnabled();
  await expect(page.getByTestId("upload-usage")).toBeVisible();
  await setUsedMinutes(email, 300);
  await page.getByTestId("upload-submit").click();
  const credits = page.getByTestId("credits-dialog");
  await expect(credits).toBeVisible();
  await expect(page.getByTestId("upload-error")).toHaveCount(0);
  await expect(page.getByTestId("upload-dropzone")).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(credits).toHaveCount(0);

  // The document import: estimated with room left, confirmed after the minutes ran out.
  await setUsedMinutes(email, 0);
  await page.reload();
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await page.getByTestId("document-tab-paste").click();
  await page.getByTestId("document-text-input").fill("Budget review\n\nWe went through the numbers.");
  await page.getByTestId("document-submit").click();
  await expect(page.getByTestId("document-confirm")).toBeEnabled();
  await setUsedMinutes(email, 300);
  await page.getByTestId("document-confirm").click();
  await expect(credits).toBeVisible();
  await expect(page.getByTestId("document-dialog")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // The account panel's usage line: used / total and the next reset, in words.
  await page.reload();
  await page.getByTestId("account-open").click();
  const usage = page.getByTestId("account-usage");
  await expect(usage).toContainText("300 of 300 minutes used");
  const reset = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
  await expect(page.getByTestId("account-usage-reset")).toContainText(`Resets on ${reset.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" })}`);
});
