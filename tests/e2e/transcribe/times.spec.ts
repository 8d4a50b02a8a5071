import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { CORPUS, scratchDir, signIn, uploadAndOpen } from "../helpers";

// Issue 24, "Times are the recording's times": in multi/pyannote_sample.wav the RTTM beside it has "Hello" at
// 6.69-7.12 s and the answer "Hello" at 7.55-8.35 s. Before the fix the first line began at 3.49 s.
const FIRST_SPEECH_MS = 6690;
const ANSWER_MS = 7550;
const TOLERANCE_MS = 300;

const activeBegin = (page: Page) => page.locator('[data-testid="transcript-entry"][data-active="true"]').getAttribute("data-begin").then(Number);

test("the line highlighted at 7.3 s is the one spoken there, playing moves it on time, and the SRT's first cue starts at 6.69 s", async ({ page }) => {
  await signIn(page, "e2e-times@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "multi/pyannote_sample.wav"));
  const player = page.getByTestId("media-player");
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState)).toBeGreaterThanOrEqual(1);

  // Seek to 7.3 s, between the two hellos: the first one is highlighted.
  await player.evaluate((el: HTMLMediaElement) => (el.currentTime = 7.3));
  await expect.poll(() => activeBegin(page)).toBeGreaterThanOrEqual(FIRST_SPEECH_MS - TOLERANCE_MS);
  expect(await activeBegin(page)).toBeLessThanOrEqual(FIRST_SPEECH_MS + TOLERANCE_MS);

  // Play on past the answer's start: the highlight follows to the line that begins with it.
  await player.evaluate((el: HTMLMediaElement) => {
    el.muted = true;
    // A quarter speed leaves 2.4 s, not 0.6 s, to pause inside the answer's turn on a loaded machine.
    el.playbackRate = 0.25;
    return el.play();
  });
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime), { intervals: [50] }).toBeGreaterThanOrEqual(7.7);
  await player.evaluate((el: HTMLMediaElement) => el.pause());
  const at = await player.evaluate((el: HTMLMediaElement) => el.currentTime * 1000);
  expect(at).toBeLessThan(8300); // still in the answer's turn (7.55-8.35 s)
  expect(Math.abs((await activeBegin(page)) - ANSWER_MS)).toBeLessThanOrEqual(TOLERANCE_MS);

  // The SRT export: its first cue starts where the first speech does.
  await page.getByTestId("export-menu").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-srt").click()]);
  const file = path.join(scratchDir(), `times-${Date.now()}.srt`);
  await download.saveAs(file);
  const first = fs.readFileSync(file, "utf8").match(/(\d\d):(\d\d):(\d\d),(\d{3}) -->/)!;
  const startMs = ((Number(first[1]) * 60 + Number(first[2])) * 60 + Number(first[3])) * 1000 + Number(first[4]);
  expect(Math.abs(startMs - FIRST_SPEECH_MS)).toBeLessThanOrEqual(TOLERANCE_MS);
});
