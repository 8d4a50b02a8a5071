import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { CORPUS, openUpload, scratchDir, signIn, uploadAndOpen } from "../helpers";

// What a newcomer hit on the desktop (1280 px): a grey-on-indigo "Upload a file" that looked
// disabled, a transcript that did not say which engine made it, downloads without speaker
// names, and English left over after switching to German (a failed task's message, default
// speaker names).

async function switchLanguage(page: Page, locale: string) {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user/language" && r.ok());
  await page.getByTestId("language-switcher").selectOption(locale);
  await saved;
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

async function download(page: Page, testId: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return fs.readFileSync((await file.path())!, "utf8");
}

test("the empty list's Upload button is white on indigo, like every primary button", async ({ page }) => {
  await signIn(page, "e2e-newcomer-empty@example.com");
  const button = page.getByTestId("task-list-empty-upload");
  await expect(button).toBeVisible();
  const look = await button.evaluate((el) => ({ color: getComputedStyle(el).color, background: getComputedStyle(el).backgroundColor, opacity: getComputedStyle(el).opacity }));
  expect(look.color).toBe("rgb(255, 255, 255)");
  expect(look.background).toBe("rgb(79, 70, 229)");
  expect(look.opacity).toBe("1");
  await page.screenshot({ path: test.info().outputPath("empty-state-desktop.png") });
  await button.click();
  await expect(page.getByTestId("upload-dropzone")).toBeVisible();
});

test("the transcript names its engine; TXT and SRT carry speaker names; a switch to German translates the failure and the default speaker names", async ({ page }) => {
  await signIn(page, "e2e-newcomer@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_LDC93S1.wav"));

  // One short line says this is the built-in offline engine, English only; no operator's settings.
  const note = page.getByTestId("speech-engine-note");
  await expect(note).toHaveAttribute("data-engine", "pocketsphinx");
  await expect(note.locator("summary")).toHaveText("Made by the built-in offline engine: English only, lower accuracy");
  await expect(note).not.toContainText("SPEECH_API_BASE_URL");
  await page.screenshot({ path: test.info().outputPath("engine-note-desktop.png") });

  const txt = await download(page, "transcript-download-txt");
  expect(txt).toMatch(/^\[00:\d\d\] Speaker 1: \S+/m);
  const srt = await download(page, "transcript-download-srt");
  expect(srt).toMatch(/^1\n00:00:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\nSpeaker 1: \S+/);

  // A silent recording fails (no speech), its message stored in English.
  const silence = path.join(scratchDir(), "quiet-room.wav");
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "anullsrc=r=16000:cl=mono", "-t", "4", silence]);
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(silence);
  await page.getByTestId("upload-submit").click();
  const failed = page.getByTestId("task-item").filter({ hasText: "quiet-room" });
  await expect(failed).toHaveAttribute("data-status", "failed", { timeout: 120_000 });
  await expect(failed.getByTestId("task-item-error")).toHaveText("No speech was recognised");

  await switchLanguage(page, "de");
  await expect(failed.getByTestId("task-item-error")).toHaveText("Es wurde keine Sprache erkannt");
  await failed.getByTestId("task-open").click();
  await expect(page.getByTestId("task-error-message")).toHaveText("Es wurde keine Sprache erkannt");

  const done = page.getByTestId("task-item").filter({ hasText: "en_LDC93S1" });
  await done.getByTestId("task-open").click();
  await expect(page.getByTestId("transcript-speaker-name").first()).toHaveText(/^\s*Sprecher 1\s*$/);
  await expect(page.getByTestId("speech-engine-note")).toContainText("eingebauten Offline-Erkennung");
  expect(await download(page, "transcript-download-srt")).toContain("\nSprecher 1: ");
});
