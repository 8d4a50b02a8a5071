import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { elapsed, fakeCaptureLaunch, liveTasks, startRecording, stopAndFinish, taskJson, waitRecorded } from "./live-helpers";

// JFK's sentence starts at once (the pyannote sample is silent for its first 6.7 s, which left a
// 12-second recording of noise that the engine sometimes heard nothing in: no_speech).
test.use({ launchOptions: fakeCaptureLaunch("single/en_jfk.wav"), viewport: { width: 1366, height: 900 } });

test("a reload mid-recording, then continue: one task, one continuous recording of both parts", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, "e2e-live-reload@example.com");
  await startRecording(page, "mic");
  await waitRecorded(page, 6);
  const before = await elapsed(page);
  page.on("dialog", (d) => void d.accept()); // "leave the page?" while recording
  await page.reload();
  // The page offers to continue the interrupted recording.
  await expect(page.getByTestId("live-interrupted")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("live-interrupted-continue").click();
  await page.getByTestId("live-start").click();
  await expect(page.getByTestId("live-recording")).toBeVisible();
  // It goes on from what was stored (at most one chunk short of what the first page showed).
  const resumedAt = await elapsed(page);
  expect(resumedAt).toBeGreaterThanOrEqual(before - 0.6);
  await waitRecorded(page, resumedAt + 6);
  const { taskId, recordedSec } = await stopAndFinish(page);
  const task = await taskJson(page, taskId);
  // Chromium's fake microphone plays JFK's clip ("And so my fellow Americans, ask not what your country can do
  // for you…") from when the page opens it; on a loaded machine the second part may start after "Americans", and the
  // embedded engine mishears some of it ("ask not what your country" came out as "and not to like your kind"), so
  // each part must hold two different words of the reference's own, whichever of them it caught.
  const reference = new Set(["fellow", "americans", "ask", "not", "what", "your", "country", "can", "do"]);
  const referenceWords = (from: number, to: number) =>
    new Set(task.timeline.filter((e) => e.begin >= from * 1000 && e.begin < to * 1000).flatMap((e) => e.text.toLowerCase().match(/[a-z']+/g) ?? []).filter((w) => reference.has(w)));
  expect(referenceWords(0, resumedAt).size).toBeGreaterThanOrEqual(2);
  expect(referenceWords(resumedAt - 0.3, recordedSec).size).toBeGreaterThanOrEqual(2);
  expect(Math.abs((task.duration ?? 0) - recordedSec)).toBeLessThanOrEqual(0.5);
  expect(recordedSec).toBeGreaterThanOrEqual(before + 5.5);
  // One task, not two, and nothing left to continue.
  expect((await liveTasks(page)).map((t) => t.id)).toEqual([taskId]);
  await page.reload();
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId("live-interrupted")).toHaveCount(0);
});
