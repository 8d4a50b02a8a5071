import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { fakeCaptureLaunch, startRecording, stopAndFinish, taskJson, waitRecorded } from "./live-helpers";

// Chromium's fake capture: the microphone plays the clip, and getDisplayMedia (auto-accepted by
// the fake UI) gives a fake screen with an audio track from the fake audio device. Both go
// through the page's one Web Audio graph into the capture worklet.
test.use({ launchOptions: fakeCaptureLaunch("single/en_jfk.wav"), viewport: { width: 1366, height: 900 } });

test("microphone plus a tab's audio, mixed: both sources open, the meter moves, the recording becomes a task", async ({ page }) => {
  await signIn(page, "e2e-live-mix@example.com");
  await startRecording(page, "mix");
  // The two sources: one microphone track and one display-capture audio track, no video kept.
  const tracks = await page.getByTestId("live-recording").getAttribute("data-tracks");
  expect(tracks).toBe("2");
  await expect.poll(async () => Number(await page.getByTestId("live-level").getAttribute("data-level")), { timeout: 10_000 }).toBeGreaterThan(0);
  // Neither source is silent, so no "no sound" notice within the 3 s check.
  await waitRecorded(page, 4);
  await expect(page.getByTestId("live-notice-silent-0")).toHaveCount(0);
  await expect(page.getByTestId("live-notice-silent-1")).toHaveCount(0);
  await waitRecorded(page, 8);
  const { taskId, recordedSec } = await stopAndFinish(page);
  const task = await taskJson(page, taskId);
  expect(Math.abs((task.duration ?? 0) - recordedSec)).toBeLessThanOrEqual(0.6);
  expect(task.timeline.length).toBeGreaterThan(0);
});
