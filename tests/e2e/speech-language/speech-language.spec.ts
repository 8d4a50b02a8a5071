import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { CORPUS, openUpload, scratchDir, signIn } from "../helpers";

// A new user's Chinese recording came back from the built-in engine (US English only) as English
// nonsense, marked completed and charged. Now the upload dialog asks for the spoken language (the
// interface language by default) and, on this engine, warns and does not upload for any language
// but English; the transcript says in one short line which engine made it. At 390 and 1366 px, in
// English and Chinese. Texts are checked against the message catalogue.

const CLIP = path.join(CORPUS, "single/en_LDC93S1.wav");
const messages = (locale: string, file: string) => JSON.parse(fs.readFileSync(path.join("messages", locale, `${file}.json`), "utf8"));
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DESKTOP = { viewport: { width: 1366, height: 900 } };

for (const [device, use] of [["390", PHONE], ["1366", DESKTOP]] as const) {
  for (const locale of ["zh", "en"] as const) {
    test.describe(`${device} px, ${locale}`, () => {
      test.use({ ...use, locale: locale === "zh" ? "zh-CN" : "en-US" });
      const upload = messages(locale, "upload").language;
      const engine = messages(locale, "app").transcript.engine;
      const other = locale === "zh" ? "en" : "zh";

      test("the dialog warns about the engine's language until English is chosen; the transcript names the engine in one line", async ({ page }) => {
        await signIn(page, `e2e-spoken-${device}-${locale}@example.com`);
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await openUpload(page, "audio");
        const select = page.getByTestId("upload-language");
        const warning = page.getByTestId("upload-language-warning");
        // The interface language by default; this engine cannot detect, so "Detect automatically" is not offered.
        await expect(select).toHaveValue(locale);
        await expect(select.locator("option[value=auto]")).toHaveCount(0);
        await page.getByTestId("upload-file-input").setInputFiles(CLIP);
        await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
        if (locale === "en") {
          await expect(warning).toHaveCount(0);
          await select.selectOption(other);
        }
        // Chinese: one line says what the engine can do and what to do, and the upload waits.
        await expect(warning).toHaveText(upload.embeddedOnly);
        await expect(page.getByTestId("upload-submit")).toBeDisabled();
        await page.screenshot({ path: test.info().outputPath(`upload-language-${device}-${locale}-warning.png`) });
        await select.selectOption("en");
        await expect(warning).toHaveCount(0);
        await expect(page.getByTestId("upload-submit")).toBeEnabled();
        await page.screenshot({ path: test.info().outputPath(`upload-language-${device}-${locale}-english.png`) });

        await page.getByTestId("upload-submit").click();
        await openTranscript(page, device === "390");
        const note = page.getByTestId("speech-engine-note");
        await expect(note).toHaveAttribute("data-engine", "pocketsphinx");
        await expect(note.locator("summary")).toHaveText(engine.pocketsphinx);
        await expect(page.getByTestId("speech-engine-note-more")).toBeHidden();
        const box = (await note.boundingBox())!;
        if (device === "390") {
          // One small line on a phone: it took a third of the screen before.
          expect(box.height).toBeLessThanOrEqual(24);
          await note.locator("summary").click({ force: true });
          await expect(page.getByTestId("speech-engine-note-more")).toBeHidden();
          await page.screenshot({ path: test.info().outputPath(`transcript-engine-${device}-${locale}.png`) });
        } else {
          expect(box.height).toBeLessThanOrEqual(36);
          await page.screenshot({ path: test.info().outputPath(`transcript-engine-${device}-${locale}.png`) });
          // A desktop opens it for one more sentence.
          await note.locator("summary").click();
          await expect(page.getByTestId("speech-engine-note-more")).toHaveText(engine.pocketsphinxMore);
          await page.screenshot({ path: test.info().outputPath(`transcript-engine-${device}-${locale}-open.png`) });
        }
      });

      test("a file named in another language's script proposes that language, so the engine's warning comes before the upload", async ({ page }) => {
        // The new user's case: an English interface and a Chinese meeting. A Chinese clip of the corpus, named as
        // people name such files; in a Chinese interface, a Japanese name (a Japanese clip of the corpus).
        const [name, from, named] = locale === "en" ? ["会议记录.wav", "zh/zh_firered_TEST_MEETING_T0000000001_S00000.wav", "zh"] : ["週次ミーティング.wav", "other/ja_leopard_test.wav", "ja"];
        const file = path.join(fs.mkdtempSync(path.join(scratchDir(), "spoken-")), name);
        fs.copyFileSync(path.join(CORPUS, from), file);
        await signIn(page, `e2e-spoken-name-${device}-${locale}@example.com`);
        await openUpload(page, "audio");
        const select = page.getByTestId("upload-language");
        await expect(select).toHaveValue(locale);
        await page.getByTestId("upload-file-input").setInputFiles(file);
        await expect(page.getByTestId("upload-file-row")).toContainText(name);
        await expect(select).toHaveValue(named);
        await expect(page.getByTestId("upload-language-from-name")).toHaveText(upload.fromFileName);
        await expect(page.getByTestId("upload-language-warning")).toHaveText(upload.embeddedOnly);
        await expect(page.getByTestId("upload-submit")).toBeDisabled();
        await page.screenshot({ path: test.info().outputPath(`upload-language-${device}-${locale}-from-name.png`) });
        // The user's own choice wins, and the hint goes with it.
        await select.selectOption("en");
        await expect(page.getByTestId("upload-language-from-name")).toHaveCount(0);
        await expect(page.getByTestId("upload-language-warning")).toHaveCount(0);
        await expect(page.getByTestId("upload-submit")).toBeEnabled();
      });

      test("the link and meeting dialogs warn the same way", async ({ page }) => {
        await signIn(page, `e2e-spoken-imports-${device}-${locale}@example.com`);
        for (const kind of ["link", "meeting"] as const) {
          await page.getByTestId("add-options-button").click();
          await page.getByTestId(`add-option-${kind}`).click();
          const select = page.getByTestId(`${kind}-language`);
          await expect(select).toHaveValue(locale);
          await select.selectOption("zh");
          await expect(page.getByTestId(`${kind}-language-warning`)).toHaveText(upload.embeddedOnly);
          await expect(page.getByTestId(`${kind}-submit`)).toBeDisabled();
          await page.screenshot({ path: test.info().outputPath(`${kind}-language-${device}-${locale}.png`) });
          await select.selectOption("en");
          await expect(page.getByTestId(`${kind}-language-warning`)).toHaveCount(0);
          await expect(page.getByTestId(`${kind}-submit`)).toBeEnabled();
          await page.getByTestId(`${kind}-close`).click();
        }
      });
    });
  }
}

/** The uploaded clip's task once its transcript is there (the phone opens a single upload in its own view at once). */
async function openTranscript(page: Page, phone: boolean) {
  if (phone) {
    const task = page.getByTestId("mobile-task");
    await expect(task).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await page.getByTestId("mobile-tab-text").click();
  } else {
    const item = page.getByTestId("task-item").filter({ hasText: path.parse(CLIP).name }).first();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await item.getByTestId("task-open").click();
  }
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
}
