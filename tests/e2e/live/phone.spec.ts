import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { fakeCaptureLaunch, stopAndFinish, waitRecorded } from "./live-helpers";

const WIDTH = 390;
test.use({
  launchOptions: fakeCaptureLaunch("single/en_jfk.wav"),
  viewport: { width: WIDTH, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36",
});

test("on a 390 px phone Record is the main button, records the microphone only, fits the screen, and makes a task", async ({ page }) => {
  await signIn(page, "e2e-live-phone@example.com");
  await page.goto("/transcribe/mobile");
  const main = page.getByTestId("live-record-main");
  await expect(main).toBeVisible();
  await main.click();
  // Phones: the microphone only, said so; no tab or mix choice.
  await expect(page.getByTestId("live-mic-only")).toBeVisible();
  await expect(page.getByTestId("live-source-tab")).toHaveCount(0);
  await page.getByTestId("live-language").selectOption("en");
  await page.getByTestId("live-start").click();
  await expect(page.getByTestId("live-recording")).toBeVisible();
  await waitRecorded(page, 3);
  // Everything on screen, nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
  for (const id of ["live-elapsed", "live-pause", "live-mark", "live-stop", "live-transcript"]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, id).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH);
  }
  await page.screenshot({ path: "test-results/live-phone-390.png" });
  await page.getByTestId("live-pause").click();
  await expect(page.getByTestId("live-phase")).toHaveText(/Paused/);
  await page.getByTestId("live-resume").click();
  await waitRecorded(page, 5);
  await stopAndFinish(page);
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
});
