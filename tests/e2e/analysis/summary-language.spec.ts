import { expect, test, type Page } from "playwright/test";
import { pasteDocument, signIn } from "../helpers";

// A newcomer saved the summary style in English, switched the interface to Chinese and
// summarised again: the local analyzer's headings (Overview, Key points, ...) and its Ask AI
// answers stayed English. The analyzer writes in the AI summary language, which follows
// the interface unless the user picked one.

const NOTES = [
  "Launch planning",
  "",
  "The team agreed to launch the mobile app on the fifteenth of March.",
  "Ben will submit the build to the app store review by March eighth.",
  "The sync between the phone and the web dashboard is still slow for large photos.",
  "Chloe will rewrite the upload queue this week so that only changed attachments are sent.",
  "Marketing wants a team plan for small companies with one invoice.",
  "Please prepare the pricing proposal for the team plan before the next meeting.",
].join("\n");

async function pasteAndOpen(page: Page, text: string, title: string) {
  await pasteDocument(page, text);
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
}

test("after switching to Chinese, the local summary's headings and the Ask AI answer are Chinese", async ({ page }) => {
  await signIn(page, "e2e-summary-language@example.com");
  // Saving the summary style while the interface is English must not pin summaries to English.
  await page.getByTestId("style-open").click();
  await page.getByTestId("style-save").click();
  await expect(page.getByTestId("style-save")).toHaveCount(0);

  await pasteAndOpen(page, NOTES, "Launch planning");
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  const summary = page.getByTestId("summary-content");
  await expect(summary).toContainText("Overview", { timeout: 60_000 });

  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user/language" && r.ok());
  await page.getByTestId("language-switcher").selectOption("zh");
  await saved;
  await expect(page.locator("html")).toHaveAttribute("lang", "zh");

  // Summarise again, now in Chinese.
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("summary-regenerate").click();
  await page.getByTestId("confirm-ok").click();
  await expect(summary).toContainText("概述", { timeout: 60_000 });
  for (const heading of ["要点", "关键词", "待办事项"]) await expect(summary).toContainText(heading);
  for (const english of ["Overview", "Key points", "Keywords", "Action items"]) await expect(summary).not.toContainText(english);
  await expect(summary).not.toContainText("[00:00]");

  // Ask AI: the analyzer's own sentence is Chinese; the quote stays as written.
  await page.getByTestId("ask-ai-open").click();
  const panel = page.getByTestId("ask-ai-panel");
  await panel.getByTestId("ask-ai-input").fill("When is the launch?");
  await panel.getByTestId("ask-ai-input").press("Enter");
  const answer = panel.getByTestId("ask-ai-message").nth(1);
  await expect(answer).toHaveAttribute("data-streaming", "false", { timeout: 30_000 });
  await expect(answer).toContainText("关于“When is the launch?”");
  await expect(answer).toContainText("fifteenth of March");
  await expect(answer).not.toContainText("Here is what");
});
