import fs from "node:fs";
import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, openUpload, signIn } from "../helpers";
import { E2E_SERVERS, E2E_TRADITIONAL_CLIP } from "../env";

// A speech service that writes Mandarin in Traditional characters (the "ai" server's loopback API hears the AISHELL
// clip as 廣州市房地產中介協會分析): the transcript the user reads is in Simplified characters, exactly the corpus's
// reference text, whether the uploader said Chinese or left the language to detect.
test.use({ baseURL: E2E_SERVERS.ai.baseUrl });

const reference = fs
  .readFileSync(path.join(CORPUS, "manifest.tsv"), "utf8")
  .split("\n")
  .find((l) => l.startsWith(`${E2E_TRADITIONAL_CLIP.file}\t`))!
  .split("\t")[4]!;

for (const { label, locale, viewport, spoken } of [
  { label: "390 zh, Chinese said", locale: "zh", viewport: { width: 390, height: 844 }, spoken: "zh" },
  { label: "1366 en, detected", locale: "en", viewport: { width: 1366, height: 800 }, spoken: "auto" },
]) {
  test(`Mandarin the service wrote in Traditional characters reads in Simplified, as the corpus reference (${label})`, async ({ browser, baseURL }) => {
    const phone = viewport.width < 640;
    const context = await browser.newContext({ baseURL, viewport, isMobile: phone, hasTouch: phone, locale });
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
    const page = await context.newPage();
    await signIn(page, `e2e-chinese-script-${locale}-${Date.now()}@example.com`);
    await openUpload(page, "audio");
    await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, E2E_TRADITIONAL_CLIP.file));
    await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
    // A speech service takes any language and can detect it: no warning, the upload goes.
    await page.getByTestId("upload-language").selectOption(spoken);
    await expect(page.getByTestId("upload-language-warning")).toHaveCount(0);
    await page.getByTestId("upload-submit").click();
    if (phone) {
      await expect(page.getByTestId("mobile-task")).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    } else {
      const item = page.getByTestId("task-item").filter({ hasText: path.parse(E2E_TRADITIONAL_CLIP.file).name }).first();
      await item.getByTestId("task-open").click();
      await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    }
    // The lines' words, without the time each line shows before them (the list may show "completed" a moment
    // before the transcript has loaded).
    await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
    const text = (await page.getByTestId("transcript-entry-text").evaluateAll((els) => els.map((el) => el.lastElementChild?.textContent ?? ""))).join("").trim();
    expect(text).toBe(reference);
    expect(text).not.toBe(E2E_TRADITIONAL_CLIP.heard);
    await page.screenshot({ path: test.info().outputPath(`chinese-script-${viewport.width}-${locale}.png`) });
    await context.close();
  });
}
