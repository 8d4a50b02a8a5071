import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { elapsed, fakeCaptureLaunch, startRecording, stopAndFinish, taskJson, waitRecorded } from "./live-helpers";

// pyannote_sample.wav: 30 s, two people talking without a pause from 6.7 s to the end
// (corpus/multi/pyannote_sample.rttm), so any lost audio would leave a hole in the transcript.
test.use({ launchOptions: fakeCaptureLaunch("multi/pyannote_sample.wav"), viewport: { width: 1366, height: 900 } });

test("the network cut for 10 s mid-recording loses nothing: stored duration equals recorded time, no hole in the transcript", async ({ page, context }) => {
  test.setTimeout(300_000);
  await signIn(page, "e2e-live-offline@example.com");
  await startRecording(page, "mic");
  await waitRecorded(page, 8);
  const cutAt = await elapsed(page);
  await context.setOffline(true);
  // Sends fail: the page says the connection is lost, keeps recording and keeps the audio.
  await expect(page.getByTestId("live-notice-connection")).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(10_000 - 0);
  const backAt = await elapsed(page);
  expect(backAt - cutAt).toBeGreaterThanOrEqual(9.5);
  await context.setOffline(false);
  await expect(page.getByTestId("live-notice-connection")).toBeHidden({ timeout: 30_000 });
  await waitRecorded(page, 29);
  const { taskId, recordedSec } = await stopAndFinish(page);
  const task = await taskJson(page, taskId);
  // Stored audio: the whole recorded time.
  expect(Math.abs((task.duration ?? 0) - recordedSec)).toBeLessThanOrEqual(0.5);
  // No hole: across the offline stretch (continuous speech in the reference) the transcript's
  // lines follow each other without a gap longer than a breath.
  const lines = task.timeline.map((e) => ({ begin: e.begin / 1000, end: e.end / 1000 })).sort((a, b) => a.begin - b.begin);
  const around = lines.filter((l) => l.end >= cutAt - 2 && l.begin <= backAt + 2);
  expect(around.length).toBeGreaterThan(0);
  expect(around[0]!.begin).toBeLessThanOrEqual(cutAt + 1);
  expect(around[around.length - 1]!.end).toBeGreaterThanOrEqual(backAt - 1);
  for (let i = 1; i < around.length; i++) expect(around[i]!.begin - around[i - 1]!.end).toBeLessThan(2.5);
});
