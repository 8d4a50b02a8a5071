import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, openUpload, signIn } from "../helpers";

test("the speaker count given at upload is kept, and re-detecting speakers keeps the names given", async ({ page }) => {
  await signIn(page, "e2e-speakers@example.com");
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "multi/pyannote_sample.wav"));
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  // Two people speak in this sample; say there is one, as a user who did not know would.
  await page.getByTestId("upload-speaker-count").selectOption("1");
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: "pyannote_sample" }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });

  const speakers = page.getByTestId("speakers-panel").getByTestId("speaker-item");
  await expect(speakers).toHaveCount(1);
  await speakers.first().getByTestId("speaker-edit").click();
  await page.getByTestId("speaker-rename-input").fill("Host");
  await page.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText("Host");

  // Detect them again, now with two: the transcript splits between two speakers, and "Host" stays.
  await page.getByTestId("speaker-redetect-open").click();
  await expect(page.getByTestId("speaker-redetect-count")).toHaveValue("1");
  await page.getByTestId("speaker-redetect-count").selectOption("2");
  await page.getByTestId("speaker-redetect-start").click();
  await expect(speakers).toHaveCount(2, { timeout: 120_000 });
  await expect(item).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("speakers-panel").getByTestId("speaker-name")).toContainText(["Host"]);
  await expect(page.getByTestId("transcript-group")).not.toHaveCount(1);
});
