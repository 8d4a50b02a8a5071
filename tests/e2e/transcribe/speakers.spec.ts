import path from "node:path";
import { expect, type Page, test } from "playwright/test";
import { CORPUS, openUpload, signIn } from "../helpers";

/** Signs in, uploads a corpus clip saying how many speakers it has, opens it and waits until it is transcribed. */
async function transcribeWithSpeakerCount(page: Page, email: string, clip: string, count: string) {
  await signIn(page, email);
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, clip));
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await page.getByTestId("upload-speaker-count").selectOption(count);
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: path.basename(clip, ".wav") }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  return item;
}

test("the speaker count given at upload is kept, and re-detecting speakers keeps the names given", async ({ page }) => {
  // Two people speak in this sample; say there is one, as a user who did not know would.
  const item = await transcribeWithSpeakerCount(page, "e2e-speakers@example.com", "multi/pyannote_sample.wav", "1");

  const speakers = page.getByTestId("speakers-panel").getByTestId("speaker-item");
  await expect(speakers).toHaveCount(1);
  // The panel says who told the voices apart, and where to fix a wrong count.
  const source = page.getByTestId("speakers-panel").getByTestId("speaker-source");
  await expect(source).toHaveAttribute("data-source", "ours");
  await expect(source).toContainText("Wrong number of speakers? Re-detect them with the number you know.");
  await speakers.first().getByTestId("speaker-edit").click();
  await page.getByTestId("speaker-rename-input").fill("Host");
  await page.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText("Host");
  // A given name's avatar shows its first letter.
  await expect(speakers.first().getByTestId("speaker-avatar")).toHaveText("H");
  await expect(page.getByTestId("transcript-group").first().getByTestId("speaker-avatar")).toHaveText("H");

  // Detect them again, now with two: the transcript splits between two speakers, and "Host" stays.
  await page.getByTestId("speaker-redetect-open").click();
  await expect(page.getByTestId("speaker-redetect-count")).toHaveValue("1");
  await page.getByTestId("speaker-redetect-count").selectOption("2");
  await page.getByTestId("speaker-redetect-start").click();
  await expect(speakers).toHaveCount(2, { timeout: 120_000 });
  await expect(item).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("speakers-panel").getByTestId("speaker-name")).toContainText(["Host"]);
  await expect(page.getByTestId("transcript-group")).not.toHaveCount(1);
});

test("told there are three speakers, the one who says a single sentence gets their own name (falcon_test's reference)", async ({ page }) => {
  await transcribeWithSpeakerCount(page, "e2e-speakers-given@example.com", "multi/falcon_test.wav", "3");
  await expect(page.getByTestId("speakers-panel").getByTestId("speaker-item")).toHaveCount(3);

  // The corpus's reference (multi/falcon_test.derived.rttm): speaker1 1.7-3.9 s, speaker2 6.2-11.1 s, speaker3 12.8-18.0 s.
  const reference = [
    { speaker: "speaker1", start: 1700, end: 3900 },
    { speaker: "speaker2", start: 6200, end: 11100 },
    { speaker: "speaker3", start: 12800, end: 18000 },
  ];
  const lines = await page.getByTestId("transcript-entry").evaluateAll((els) =>
    els.map((el) => ({ begin: Number(el.getAttribute("data-begin")), end: Number(el.getAttribute("data-end")), speakerId: el.closest("[data-testid=transcript-group]")?.getAttribute("data-speaker-id") ?? "" })),
  );
  const heardBy = new Map<string, Set<string>>();
  for (const line of lines) {
    const ref = reference.find((r) => Math.min(r.end, line.end) - Math.max(r.start, line.begin) > (line.end - line.begin) / 2);
    if (ref) heardBy.set(ref.speaker, (heardBy.get(ref.speaker) ?? new Set()).add(line.speakerId));
  }
  // Each reference speaker's lines carry one name, and the three names differ.
  expect([...heardBy.keys()].sort()).toEqual(["speaker1", "speaker2", "speaker3"]);
  for (const ids of heardBy.values()) expect(ids.size).toBe(1);
  expect(new Set([...heardBy.values()].map((ids) => [...ids][0])).size).toBe(3);

  // Unnamed speakers differ by more than colour: each avatar shows its speaker's number, in the panel and beside
  // every group of lines, not the "S" of "Speaker" three times.
  await expect(page.getByTestId("speakers-panel").getByTestId("speaker-avatar")).toHaveText(["1", "2", "3"]);
  const groups = await page.getByTestId("transcript-group").evaluateAll((els) =>
    els.map((el) => ({ name: el.querySelector("[data-testid=transcript-speaker-name]")?.textContent?.trim(), mark: el.querySelector("[data-testid=speaker-avatar]")?.textContent?.trim() })),
  );
  for (const g of groups) expect(g.mark).toBe(g.name?.replace(/^Speaker /, ""));
});
