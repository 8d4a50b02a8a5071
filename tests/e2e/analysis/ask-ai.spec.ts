import path from "node:path";
import { expect, test, type Page, type Route } from "playwright/test";
import { CORPUS, openUpload, pasteDocument, signIn } from "../helpers";

// Ask AI without an AI provider: the local analyzer answers by quoting the
// transcript (`> **[00:05] Speaker 1:** ...`) and writes the review quiz.

async function uploadJfkAndOpen(page: Page) {
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: "en_jfk" }).first();
  await expect(item).toBeVisible();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
}

const REVIEW_NOTES = [
  "Launch review",
  "",
  "The team agreed to launch the mobile app on the fifteenth of March.",
  "Ben will submit the build to the app store review by March eighth.",
  "The sync between the phone and the web dashboard is still slow for large photos.",
  "Chloe will rewrite the upload queue this week so that only changed attachments are sent.",
  "Marketing wants a team plan for small companies that pay with one invoice.",
].join("\n");

/** Milliseconds of "mm:ss". */
function clockMs(clock: string): number {
  const [m, s] = clock.split(":").map(Number);
  return (m! * 60 + s!) * 1000;
}

async function openPanel(page: Page) {
  await page.getByTestId("ask-ai-open").click();
  const panel = page.getByTestId("ask-ai-panel");
  await expect(panel).toBeVisible();
  return panel;
}

test("asks about a recording, seeks by a quoted time, keeps and clears the history, and takes a true/false review", async ({ page }) => {
  await signIn(page, "e2e-ask-ai@example.com");
  await uploadJfkAndOpen(page);

  // A fresh conversation offers starter questions; Send needs a question.
  let panel = await openPanel(page);
  await expect(panel.getByTestId("ask-ai-suggestion")).toHaveCount(3);
  const input = panel.getByTestId("ask-ai-input");
  await expect(input).toBeFocused();
  await expect(panel.getByTestId("ask-ai-send")).toBeDisabled();

  // Enter sends; the answer comes as an NDJSON stream and is rendered as markdown.
  const question = "What can you do for your country?";
  await input.fill(question);
  const streamed = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/ask-ai" && r.request().method() === "POST");
  await input.press("Enter");
  expect((await streamed).headers()["content-type"]).toContain("application/x-ndjson");
  await expect(input).toHaveValue("");

  const messages = panel.getByTestId("ask-ai-message");
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(0)).toHaveAttribute("data-role", "user");
  await expect(messages.nth(0)).toContainText(question);
  const answer = messages.nth(1);
  await expect(answer).toHaveAttribute("data-role", "assistant");
  await expect(answer).toHaveAttribute("data-streaming", "false");
  await expect(answer).toHaveAttribute("data-stopped", "false");
  await expect(panel.getByTestId("ask-ai-send")).toBeVisible();
  await expect(panel.getByTestId("ask-ai-error")).toHaveCount(0);

  // It quotes the transcript with a clickable time.
  const quote = answer.locator("blockquote").first();
  await expect(quote).toContainText(/country/i);
  const time = quote.locator("[data-seek]").first();
  await expect(time).toHaveText(/^\[00:\d\d\]$/);
  const clock = (await time.getAttribute("data-seek"))!;
  const player = page.getByTestId("media-player");
  await time.click();
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.currentTime * 1000)).toBeGreaterThanOrEqual(Math.max(clockMs(clock) - 50, 1));
  await player.evaluate((el: HTMLMediaElement) => el.pause());

  // Escape closes the drawer; reopening shows the saved conversation.
  await input.focus();
  await page.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  panel = await openPanel(page);
  await expect(messages).toHaveCount(2);
  await expect(messages.nth(1).locator("blockquote [data-seek]").first()).toHaveText(`[${clock}]`);

  // A failure after the stream started is shown under the partial answer, with Retry.
  await page.route("**/api/ask-ai", (route) =>
    route.fulfill({
      status: 200,
      contentType: "application/x-ndjson",
      body: `${JSON.stringify({ type: "delta", text: "Partial answer" })}\n${JSON.stringify({ type: "error", code: 502, key: "analysis.providerFailed", message: "The AI service failed" })}\n`,
    }),
  );
  await panel.getByTestId("ask-ai-input").fill("Who is speaking?");
  await panel.getByTestId("ask-ai-send").click();
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(3)).toContainText("Partial answer");
  await expect(messages.nth(3).getByTestId("ask-ai-error")).toContainText("The AI service failed");
  await page.unroute("**/api/ask-ai");
  await messages.nth(3).getByTestId("ask-ai-retry").click();
  await expect(messages).toHaveCount(4);
  await expect(messages.nth(3)).toHaveAttribute("data-streaming", "false");
  await expect(panel.getByTestId("ask-ai-error")).toHaveCount(0);
  await expect(messages.nth(3)).not.toContainText("Partial answer");

  // Stop cancels the request: the answer is marked stopped, with no error and no toast.
  const held: Route[] = [];
  await page.route("**/api/ask-ai", (route) => void held.push(route)); // never answers
  await panel.getByTestId("ask-ai-input").fill("Anything else?");
  await panel.getByTestId("ask-ai-input").press("Enter");
  const stopped = messages.nth(5);
  await expect(stopped).toHaveAttribute("data-streaming", "true");
  await panel.getByTestId("ask-ai-stop").click();
  await expect(stopped).toHaveAttribute("data-streaming", "false");
  await expect(stopped).toHaveAttribute("data-stopped", "true");
  await expect(panel.getByTestId("ask-ai-send")).toBeVisible();
  await expect(panel.getByTestId("ask-ai-error")).toHaveCount(0);
  await expect(page.getByTestId("toast")).toHaveCount(0);
  for (const route of held) await route.abort().catch(() => undefined);
  await page.unroute("**/api/ask-ai");

  // Clear history, after confirming.
  await panel.getByTestId("ask-ai-clear").click();
  await page.getByTestId("confirm-ok").click();
  await expect(messages).toHaveCount(0);
  await expect(panel.getByTestId("ask-ai-suggestion")).toHaveCount(3);
  await panel.getByTestId("ask-ai-close").click();
  await expect(panel).toHaveCount(0);
  panel = await openPanel(page);
  await expect(panel.getByTestId("ask-ai-suggestion")).toHaveCount(3);

  // Flashback review. The clip's recognised text is four fragments ("And not", "And all my fellow america"):
  // nothing a question could quote and still be understood on its own, and the review says so.
  await panel.getByTestId("flashback-open").click();
  let config = panel.getByTestId("flashback-config");
  await expect(config).toBeVisible();
  await expect(config.getByTestId("flashback-introduction")).not.toBeEmpty();
  await expect(config.getByTestId("flashback-include-answers")).toBeChecked();
  await expect(config.getByTestId("flashback-include-analysis")).toBeChecked();
  await config.getByTestId("flashback-type").selectOption("truefalse");
  await config.getByTestId("flashback-count").fill("3");
  await config.getByTestId("flashback-start").click();
  await expect(panel.getByTestId("flashback-start-error")).toContainText("There is not enough in this recording to ask questions about.");
  await panel.getByTestId("ask-ai-close").click();

  // Three true/false questions on a text that has them.
  await pasteDocument(page, REVIEW_NOTES);
  const notes = page.getByTestId("task-item").filter({ hasText: "Launch review" }).first();
  await notes.getByTestId("task-open").click();
  await expect(notes).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  panel = await openPanel(page);
  await panel.getByTestId("flashback-open").click();
  config = panel.getByTestId("flashback-config");
  await config.getByTestId("flashback-type").selectOption("truefalse");
  await config.getByTestId("flashback-count").fill("3");
  await config.getByTestId("flashback-start").click();

  const seen = new Set<string>();
  let correct = 0;
  for (let n = 1; n <= 3; n++) {
    await expect(panel.getByTestId("flashback-progress")).toHaveText(`Question ${n} of 3`);
    const card = panel.getByTestId("flashback-question");
    await expect(card).toHaveAttribute("data-kind", "truefalse");
    seen.add((await card.getAttribute("data-question-id"))!);
    const options = card.getByTestId("flashback-option");
    await expect(options).toHaveCount(2);
    await expect(panel.getByTestId("flashback-submit")).toBeDisabled();
    // The new question has the focus: Tab reaches its first option, Space picks it.
    await expect(card.getByRole("heading")).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(options.first().locator("input")).toBeChecked();
    await panel.getByTestId("flashback-submit").click();

    const verdict = panel.getByTestId("flashback-verdict");
    await expect(verdict).toBeVisible();
    if ((await verdict.getAttribute("data-correct")) === "true") correct++;
    // The quiz includes answers: the right option is highlighted.
    await expect(card.locator('[data-testid="flashback-option"][data-state="correct"]')).toHaveCount(1);
    // Next is focused, so Enter moves on.
    await expect(panel.getByTestId("flashback-next")).toBeFocused();
    await page.keyboard.press("Enter");
  }
  expect(seen.size).toBe(3);

  const result = panel.getByTestId("flashback-result");
  await expect(result).toBeVisible();
  await expect(result.getByTestId("flashback-score")).toHaveText(`${correct} of 3 correct`);
  await result.getByTestId("flashback-back-to-chat").click();
  await expect(panel.getByTestId("ask-ai-input")).toBeFocused();
  // Review answers are not chat messages.
  await expect(messages).toHaveCount(0);
  await panel.getByTestId("ask-ai-close").click();
  await expect(panel).toHaveCount(0);
});
