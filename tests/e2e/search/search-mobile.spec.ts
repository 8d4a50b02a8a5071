import fs from "node:fs";
import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn } from "../helpers";
import { plantWords, playerSeconds } from "./plant";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("on the phone page, a transcript hit opens the task at its moment", async ({ page }) => {
  const email = "e2e-search-mobile@example.com";
  await signIn(page, email);
  const token = await page.evaluate(() => localStorage.getItem("auth:token"));
  const upload = await page.request.post("/api/transcription/create", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "search-mobile.wav", mimeType: "audio/wav", buffer: fs.readFileSync(path.join(CORPUS, "multi/pyannote_sample.wav")) } },
  });
  expect((await upload.json()).code).toBe(200);
  await page.goto("/transcribe/mobile");
  await expect(page.getByTestId("task-item").first()).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const planted = await plantWords(email);

  await page.getByTestId("search-input").fill("zebracorn");
  const hit = page.locator('[data-testid="search-hit"][data-field="transcript"]');
  await expect(hit.locator("mark")).toHaveText(["zebracorn"]);
  await page.screenshot({ path: test.info().outputPath("search-mobile-390.png") });
  await hit.click();
  await expect(page.getByTestId("mobile-task")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/transcribe/mobile\\?task=${planted.taskId}`));
  await expect.poll(() => playerSeconds(page)).toBeCloseTo(planted.late / 1000, 1);
});
