import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn, uploadAndOpen } from "../helpers";
import { E2E_SERVERS } from "../env";

// With an AI provider (the fake OpenAI-compatible server on loopback, through the real SDK):
// the summary comes from the provider, and the transcript and summary are translated,
// keeping the timeline; the view switches between original and translation.
test.use({ baseURL: E2E_SERVERS.ai.baseUrl });

test("summarises with the provider, translates, and switches between original and translation", async ({ page }) => {
  await signIn(page, "e2e-translate@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_jfk.wav"));
  const original = (await page.getByTestId("transcript-entry-text").first().textContent())!.trim();

  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("engine-badge")).toHaveAttribute("data-engine", "openai:fake-model");
  await expect(page.getByTestId("summary-content").getByRole("heading", { name: "Key points" })).toBeVisible();

  // Translate into German.
  await page.getByTestId("tab-original").click();
  await page.getByTestId("translation-language").selectOption("de");
  await page.getByTestId("translation-start").click();
  await expect(page.getByTestId("translation-done")).toBeVisible({ timeout: 60_000 });
  const first = page.getByTestId("transcript-entry").first();
  await expect(first.getByTestId("transcript-entry-text")).toContainText("(Deutsch) ");
  // The same line (its time shown before it), translated.
  expect((await first.getByTestId("transcript-entry-text").textContent())!.replace("(Deutsch) ", "").trim()).toBe(original);
  // The timeline is kept: the same times, and lines cannot be edited in the translation.
  await expect(first).toHaveAttribute("data-begin", /\d+/);
  await page.getByTestId("tab-summary").click();
  await expect(page.getByTestId("summary-content").getByRole("heading", { name: "(Deutsch) Key points" })).toBeVisible();

  // Back to the original.
  await page.getByTestId("translation-language").selectOption("");
  await expect(page.getByTestId("summary-content").getByRole("heading", { name: "Key points", exact: true })).toBeVisible();
  await page.getByTestId("tab-original").click();
  await expect(page.getByTestId("transcript-entry-text").first()).toHaveText(original);
});

test("Ask AI streams the provider's answer", async ({ page }) => {
  await signIn(page, "e2e-provider-chat@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_jfk.wav"));
  await page.getByTestId("ask-ai-open").click();
  await page.getByTestId("ask-ai-input").fill("What did he say about the country?");
  await page.getByTestId("ask-ai-send").click();
  const answer = page.locator('[data-testid="ask-ai-message"][data-role="assistant"]').last();
  // The fake model streams word by word: the answer is seen while still streaming, then complete.
  await expect(answer).toHaveAttribute("data-streaming", "true");
  await expect(answer).toHaveAttribute("data-streaming", "false", { timeout: 30_000 });
  await expect(answer).toContainText("According to the recording");
});
