import { expect, test } from "playwright/test";
import { announcements, pasteDocument, recordNotifications, signIn } from "../helpers";

// Pasted text as a newcomer tried it: a dialogue with one speaker per line ran together as one
// paragraph, its summary cited meaningless [00:00] times, and finishing announced
// "Transcription complete … has been transcribed".

const DIALOGUE = [
  "Budget interview",
  "",
  "Alice: Where do we stand with the budget for the new office",
  "Bob: We spent about half of it on furniture and laptops.",
  "Alice: Please send me the invoices by Friday.",
  "Bob: I will send the invoices to you tomorrow morning.",
  "Alice: Who approves the remaining budget?",
  "Bob: The finance director approves everything above five thousand euros.",
].join("\n");

test.use({ permissions: ["notifications"] });

test("a pasted dialogue keeps one line per speaker, is announced as imported, and its summary cites no times", async ({ page }) => {
  await page.addInitScript(recordNotifications);
  await signIn(page, "e2e-newcomer-paste@example.com");
  await pasteDocument(page, DIALOGUE);

  const item = page.getByTestId("task-item").filter({ hasText: "Budget interview" }).first();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const announced = () => announcements(page);
  await expect.poll(announced).toContainEqual({ title: "Import complete", body: "“Budget interview” is ready." });
  expect(JSON.stringify(await announced())).not.toContain("transcribed");

  await item.getByTestId("task-open").click();
  const paragraphs = page.getByTestId("document-text").locator("p");
  // Every non-empty line of the pasted text is a paragraph of its own.
  await expect(paragraphs).toHaveText(DIALOGUE.split("\n").filter((line) => line));

  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  const summary = page.getByTestId("summary-content");
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText("Action items");
  await expect(summary).toContainText("Please send me the invoices by Friday.");
  await expect(summary).not.toContainText("[00:00]");
  await expect(summary).not.toContainText("00:00");
});
