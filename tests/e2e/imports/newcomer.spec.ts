import { expect, test } from "playwright/test";
import { signIn } from "../helpers";

// Pasted text as a newcomer tried it: a dialogue with one speaker per line ran together as one
// paragraph, its summary cited meaningless [00:00] times, and finishing announced
// "Transcription complete … has been transcribed".

interface Recorded {
  title: string;
  body: string;
}

/** Init script: wraps window.Notification so the test can see what was announced (the real one still runs). */
function recordNotifications() {
  const Real = window.Notification;
  const shown: Recorded[] = [];
  (window as unknown as { __notifications: Recorded[] }).__notifications = shown;
  class Recording extends Real {
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? "" });
      super(title, options);
    }
  }
  Object.defineProperty(Recording, "permission", { get: () => Real.permission });
  Object.defineProperty(Recording, "requestPermission", { value: (...args: Parameters<typeof Real.requestPermission>) => Real.requestPermission(...args) });
  Object.defineProperty(window, "Notification", { value: Recording, configurable: true, writable: true });
}

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
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await page.getByTestId("document-tab-paste").click();
  await page.getByTestId("document-text-input").fill(DIALOGUE);
  await page.getByTestId("document-submit").click();
  await page.getByTestId("document-confirm").click();

  const item = page.getByTestId("task-item").filter({ hasText: "Budget interview" }).first();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const announced = () => page.evaluate(() => (window as unknown as { __notifications: Recorded[] }).__notifications);
  await expect.poll(announced).toContainEqual({ title: "Import complete", body: "“Budget interview” is ready." });
  expect(JSON.stringify(await announced())).not.toContain("transcribed");

  await item.getByTestId("task-open").click();
  const paragraphs = page.getByTestId("document-text").locator("p");
  await expect(paragraphs).toHaveText([
    "Budget interview",
    "Alice: Where do we stand with the budget for the new office",
    "Bob: We spent about half of it on furniture and laptops.",
    "Alice: Please send me the invoices by Friday.",
    "Bob: I will send the invoices to you tomorrow morning.",
    "Alice: Who approves the remaining budget?",
    "Bob: The finance director approves everything above five thousand euros.",
  ]);

  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  const summary = page.getByTestId("summary-content");
  await expect(summary).toBeVisible({ timeout: 60_000 });
  await expect(summary).toContainText("Action items");
  await expect(summary).toContainText("Please send me the invoices by Friday.");
  await expect(summary).not.toContainText("[00:00]");
  await expect(summary).not.toContainText("00:00");
});
