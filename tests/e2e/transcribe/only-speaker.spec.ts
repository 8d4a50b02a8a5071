import { expect, test, type Page } from "playwright/test";
import { signIn } from "../helpers";
import { conversation, expectOneToOne, lines, referenceOf, uploadEnglish, type Turn } from "./conversation";

// "Only their lines" (Feishu Minutes' and Tingwu's "只看TA"): one speaker's lines alone, shown and played. Checked
// against a conversation built here from corpus clips of two known readers, whose extents are the reference.

function twoReaders(name: string) {
  return conversation(name, [
    { reader: "LJ Speech", file: "en_LJ001-0001.wav" },
    { reader: "LibriSpeech 1995", file: "en_librispeech-1995-1837-0001.wav" },
    { reader: "LJ Speech", file: "en_LJ001-0003.wav" },
  ]);
}

/** The shown speaker of a reader's lines (the premise, one shown speaker per reader, is asserted first). */
async function speakerOf(page: Page, reference: Turn[], reader: string): Promise<string> {
  const all = await lines(page);
  expectOneToOne(all, reference);
  return all.find((l) => referenceOf(l, reference) === reader)!.speakerId;
}

const player = (page: Page) => page.getByTestId("media-player");
const clock = (page: Page) => player(page).evaluate((el: HTMLMediaElement) => ({ at: el.currentTime * 1000, paused: el.paused }));

test("only their lines: the transcript shows one reader's lines, playback skips the other reader and stops after the last", async ({ page }) => {
  test.setTimeout(180_000);
  const { wav, reference } = twoReaders("two-readers");
  await signIn(page, "e2e-only-speaker@example.com");
  await uploadEnglish(page, wav, "2");
  const libri = await speakerOf(page, reference, "LibriSpeech 1995");
  const [, libriTurn, lj2] = reference as [Turn, Turn, Turn];
  const allCount = (await lines(page)).length;

  await page.getByTestId("speakers-panel").locator(`[data-testid=speaker-item][data-speaker-id="${libri}"]`).getByTestId("speaker-only").click();
  const bar = page.getByTestId("transcript-only-speaker");
  await expect(bar).toHaveAttribute("data-speaker-id", libri);
  const shown = await lines(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.length).toBeLessThan(allCount);
  // Every line shown is the LibriSpeech reader's, and inside that reader's clip.
  for (const l of shown) {
    expect(l.speakerId).toBe(libri);
    expect(referenceOf(l, reference)).toBe("LibriSpeech 1995");
  }
  await expect(bar).toContainText(`(${shown.length} of ${allCount})`);
  await page.screenshot({ path: test.info().outputPath("only-speaker-1366-en.png") });

  // Play from the start: the first reader's clip (0-9.7 s) is skipped; playback lands in the second's.
  await expect.poll(() => player(page).evaluate((el: HTMLMediaElement) => el.readyState)).toBeGreaterThanOrEqual(1);
  await player(page).evaluate((el: HTMLMediaElement) => {
    el.currentTime = 0;
    el.muted = true;
    return el.play();
  });
  await expect.poll(async () => (await clock(page)).at, { intervals: [100] }).toBeGreaterThan(libriTurn.start);
  expect((await clock(page)).at).toBeLessThan(libriTurn.end);

  // Near the end of their last line: playback pauses there, before the first reader speaks again.
  const last = shown.at(-1)!;
  await player(page).evaluate((el: HTMLMediaElement, at: number) => {
    el.currentTime = at / 1000;
    return el.play();
  }, last.end - 800);
  await expect.poll(async () => (await clock(page)).paused, { timeout: 15_000 }).toBe(true);
  const stopped = (await clock(page)).at;
  expect(stopped).toBeGreaterThanOrEqual(last.end - 300);
  expect(stopped).toBeLessThan(lj2.start);

  // Show all: every line is back, and playback runs through the others again.
  await page.getByTestId("transcript-only-speaker-clear").click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByTestId("transcript-entry")).toHaveCount(allCount);
  await player(page).evaluate((el: HTMLMediaElement) => {
    el.currentTime = 1;
    return el.play();
  });
  await page.waitForTimeout(600);
  expect((await clock(page)).at).toBeLessThan(libriTurn.start);
});

test("on a phone, in Chinese: 只看TA on the speakers tab opens the text tab with that reader's lines, 显示全部 brings back the rest", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const { wav, reference } = twoReaders("两位朗读者");
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN" });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
  const page = await context.newPage();
  await signIn(page, "e2e-only-speaker-phone@example.com");
  await uploadEnglish(page, wav, "2");
  const lj = await speakerOf(page, reference, "LJ Speech");
  const allCount = (await lines(page)).length;

  await page.getByTestId("mobile-tab-speakers").click();
  const only = page.getByTestId("mobile-panel-speakers").locator(`[data-testid=speaker-item][data-speaker-id="${lj}"]`).getByTestId("speaker-only");
  await expect(only).toHaveText("只看TA");
  const box = (await only.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await only.click();

  await expect(page.getByTestId("mobile-tab-text")).toHaveAttribute("aria-selected", "true");
  const bar = page.getByTestId("transcript-only-speaker");
  await expect(bar).toContainText("只看");
  await expect(bar).toContainText("播放时跳过其他人");
  const shown = await lines(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const l of shown) expect(referenceOf(l, reference)).toBe("LJ Speech");
  const barBox = (await bar.boundingBox())!;
  expect(barBox.x + barBox.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("only-speaker-390-zh.png") });

  await bar.getByTestId("transcript-only-speaker-clear").click();
  await expect(page.getByTestId("transcript-entry")).toHaveCount(allCount);
  await context.close();
});
