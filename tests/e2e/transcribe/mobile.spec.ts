import fs from "node:fs";
import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn } from "../helpers";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the mobile page lists tasks and shows a transcript under its five tabs", async ({ page }) => {
  await signIn(page, "e2e-mobile@example.com");
  // Create a task through the API with the signed-in token, then use the mobile page.
  const token = await page.evaluate(() => localStorage.getItem("auth:token"));
  const upload = await page.request.post("/api/transcription/create", {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: "en_librivox.wav", mimeType: "audio/wav", buffer: fs.readFileSync(path.join(CORPUS, "single/en_librivox_ss01_0870.wav")) } },
  });
  expect((await upload.json()).code).toBe(200);

  await page.goto("/transcribe/mobile");
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  const item = page.getByTestId("task-item").first();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await item.getByTestId("task-open").click();
  await expect(page.getByTestId("mobile-task")).toBeVisible();
  // The mobile task screen's tabs: text, summary, mind map, speakers list, timeline.
  for (const tab of ["text", "summary", "mindmap", "speakers", "timeline"]) await expect(page.getByTestId(`mobile-tab-${tab}`)).toBeVisible();
  await page.getByTestId("mobile-tab-text").click();
  await expect(page.getByTestId("mobile-panel-text")).toContainText(/\w+/);
  await expect(page.getByTestId("speech-engine-note")).toHaveAttribute("data-engine", "pocketsphinx");
  await page.screenshot({ path: test.info().outputPath("mobile-transcript-390.png") });
  await page.getByTestId("mobile-tab-summary").click();
  await expect(page.getByTestId("analysis-empty")).toBeVisible();
  await page.getByTestId("mobile-tab-speakers").click();
  await expect(page.getByTestId("mobile-panel-speakers")).toContainText("Speaker 1");
  await page.getByTestId("mobile-tab-timeline").click();
  await expect(page.getByTestId("mobile-panel-timeline")).toBeVisible();
  await page.getByTestId("mobile-back").click();
  await expect(page.getByTestId("task-item")).toHaveCount(1);
});
