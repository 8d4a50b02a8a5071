import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { fakeCaptureLaunch, startRecording, stopAndFinish, taskJson, waitRecorded } from "./live-helpers";

// The microphone plays the corpus's JFK clip (11 s; reference text in corpus/manifest.tsv).
test.use({ launchOptions: fakeCaptureLaunch("single/en_jfk.wav"), viewport: { width: 1366, height: 900 } });

const REFERENCE = "and so my fellow americans ask not what your country can do for you ask what you can do for your country";
const words = (s: string) => s.toLowerCase().replace(/[^a-z' ]/g, " ").split(/\s+/).filter(Boolean);

test("recording a real clip shows live words while it plays, a marked moment, then the final transcript in the task", async ({ page }) => {
  await signIn(page, "e2e-live-record@example.com");
  await startRecording(page, "mic");
  // The meter moves: the fake microphone plays speech.
  await expect.poll(async () => Number(await page.getByTestId("live-level").getAttribute("data-level")), { timeout: 10_000 }).toBeGreaterThan(0);
  await waitRecorded(page, 4);
  await page.getByTestId("live-mark").click();
  await expect(page.getByTestId("live-marks")).toHaveAttribute("data-count", "1");
  // Live words appear while the clip is still playing, and some of them are the clip's words
  // (soft: the final transcript and the highlight below are checked either way).
  const transcript = page.getByTestId("live-transcript");
  await expect.soft(transcript.getByTestId("live-partial").or(transcript.getByTestId("live-final")).first()).toBeVisible({ timeout: 15_000 });
  await waitRecorded(page, 12.5);
  await expect.soft.poll(async () => words((await transcript.textContent()) ?? "").filter((w) => words(REFERENCE).includes(w)).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  // Unfinished words are marked apart from final ones (muted, italic, described to screen readers).
  const partial = transcript.getByTestId("live-partial");
  if (await partial.count()) await expect(partial.first()).toHaveCSS("font-style", "italic");

  const { taskId, recordedSec } = await stopAndFinish(page);
  const task = await taskJson(page, taskId);
  expect(task.source).toBe("live");
  expect(Math.abs((task.duration ?? 0) - recordedSec)).toBeLessThanOrEqual(0.6);
  // The final pass replaced the live text: the task view shows the transcript, with the reference's words in it.
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
  const finalWords = words(task.timeline.map((e) => e.text).join(" "));
  expect(finalWords.filter((w) => words(REFERENCE).includes(w)).length).toBeGreaterThanOrEqual(6);
  // The marked moment is a highlight at its time (about 4 s in), shown above the transcript.
  expect(task.highlights).toHaveLength(1);
  expect(task.highlights[0]!.atSec).toBeGreaterThanOrEqual(3.5);
  expect(task.highlights[0]!.atSec).toBeLessThan(8);
  await expect(page.getByTestId("task-highlight")).toHaveCount(1);
  await expect(page.locator('[data-testid="transcript-entry"][data-highlighted="true"]')).toHaveCount(1);
});
