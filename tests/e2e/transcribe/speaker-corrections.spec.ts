import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "playwright/test";
import { CORPUS, scratchDir, signIn } from "../helpers";
import { conversation, expectOneToOne, heardBy, lines, referenceOf, rttm, uploadEnglish } from "./conversation";

// Where the automatic separation is wrong, the owner corrects it by hand, and the
// result is checked against the recording's outside reference: falcon_test's RTTM
// (a one-sentence speaker folded into another), and a conversation built here from
// corpus clips whose readers are known (JFK's address split into two speakers).

/** Opens a line's "Who said this line" menu (the icon shows on hover, as a mouse user finds it). */
async function lineSpeakerMenu(page: Page, index: number): Promise<Locator> {
  const line = page.locator(`[data-testid=transcript-entry][data-entry-index="${index}"]`);
  await line.hover();
  await line.getByTestId("entry-speaker").click();
  return line.getByTestId("entry-speaker-list");
}

test("a sentence the separation gave to the wrong speaker goes to a new speaker, and the transcript then agrees with falcon_test's reference", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, "e2e-speaker-corrections@example.com");
  const clip = path.join(scratchDir(), "three-voices.wav");
  fs.copyFileSync(path.join(CORPUS, "multi/falcon_test.wav"), clip);
  await uploadEnglish(page, clip);
  const reference = rttm(path.join(CORPUS, "multi/falcon_test.derived.rttm"));

  // The premise: without a count, the 2.2 s speaker's sentence is shown under another speaker's name.
  const before = await lines(page);
  const folded = before.filter((l) => referenceOf(l, reference) === "speaker1");
  expect(folded.length).toBeGreaterThan(0);
  expect(before.some((l) => referenceOf(l, reference) !== "speaker1" && l.speakerId === folded[0]!.speakerId)).toBe(true);

  const menu = await lineSpeakerMenu(page, folded[0]!.index);
  await expect(menu.getByRole("menuitemradio", { checked: true })).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath("line-speaker-menu-1366.png") });
  await menu.getByTestId("entry-speaker-new").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: "Speaker changed" })).toBeVisible();
  await expect(page.getByTestId("speakers-panel").getByTestId("speaker-item")).toHaveCount(3);
  const newName = (await page.getByTestId("speakers-panel").getByTestId("speaker-name").last().textContent())!.trim();
  expect(newName).toBe("Speaker 3");
  // Any further line of theirs goes to the same new speaker, picked by name.
  for (const line of folded.slice(1)) {
    const more = await lineSpeakerMenu(page, line.index);
    await more.getByTestId("entry-speaker-option").filter({ hasText: newName }).click();
  }
  await expect.poll(async () => new Set((await lines(page)).map((l) => l.speakerId)).size).toBe(3);
  expectOneToOne(await lines(page), reference);
  await page.screenshot({ path: test.info().outputPath("speaker-corrected-1366.png") });

  // The SRT names the new speaker at the reference's time of that sentence (1.7-3.9 s).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("transcript-download-srt").click()]);
  const srt = fs.readFileSync((await download.path())!, "utf8");
  const cue = srt.split(/\n\n+/).find((c) => /^00:00:0[1-3],\d{3} -->/m.test(c));
  expect(cue).toContain(newName);
});

test("on a phone, in Chinese: a voice split in two is made one speaker by giving it the other's name, and matches the clips' readers", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { wav, reference } = conversation("三人对话", [
    { reader: "LibriSpeech 1995", file: "en_librispeech-1995-1837-0001.wav" },
    { reader: "cards", file: "en_cards_002.wav" },
    { reader: "JFK", file: "en_jfk.wav" },
    { reader: "cards", file: "en_cards_005.wav" },
  ]);
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN" });
  await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
  const page = await context.newPage();
  await signIn(page, `e2e-speaker-merge-${Date.now()}@example.com`);
  await uploadEnglish(page, wav);

  // The premise: two shown speakers share one reader (JFK's crowd noise became a speaker of its own).
  const before = await lines(page);
  const split = [...heardBy(before, reference).entries()].find(([, ids]) => ids.size > 1);
  expect(split).toBeDefined();
  const [keepId, goneId] = [...split![1]];

  await page.getByTestId("mobile-tab-speakers").click();
  const panel = page.getByTestId("mobile-panel-speakers");
  const keptName = (await panel.locator(`[data-testid=speaker-item][data-speaker-id="${keepId}"]`).getByTestId("speaker-name").textContent())!.trim();
  await panel.locator(`[data-testid=speaker-item][data-speaker-id="${goneId}"]`).getByTestId("speaker-edit").click();
  const dialog = page.getByTestId("speaker-rename-dialog");
  await dialog.getByTestId("speaker-rename-input").fill(keptName);
  await expect(dialog.getByTestId("speaker-rename-merge")).toBeChecked();
  await expect(dialog.getByTestId("speaker-rename-duplicate")).toContainText(`合并为同一位说话人`);
  const box = (await dialog.getByTestId("speaker-rename-duplicate").boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("speaker-merge-390-zh.png") });
  await dialog.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: `已并入“${keptName}”` })).toBeVisible();
  await expect(panel.getByTestId("speaker-item")).toHaveCount(before.length ? new Set(before.map((l) => l.speakerId)).size - 1 : 0);

  await page.getByTestId("mobile-tab-text").click();
  expectOneToOne(await lines(page), reference);
  await context.close();
});
