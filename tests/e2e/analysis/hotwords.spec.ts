import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { signIn } from "../helpers";

/** Upgrades the user in the e2e database (there is no payment flow to go through). */
async function makePro(email: string) {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const res = await db.query(`UPDATE "User" SET "planCode"='pro' WHERE email=$1`, [email]);
    expect(res.rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

async function openManager(page: Page) {
  await page.getByTestId("hotwords-open").click();
  const manager = page.getByTestId("hotword-manager");
  await expect(manager).toBeVisible();
  return manager;
}

const item = (page: Page, text: string) => page.locator(`[data-testid="hotword-item"][data-text="${text}"]`);

test("free users are told hotwords need Pro; Pro users add, batch-add, switch off and delete them", async ({ page }) => {
  const email = "e2e-hotwords@example.com";
  await signIn(page, email);

  // Free plan: an explanation, no form and no raw error.
  let manager = await openManager(page);
  await expect(manager.getByTestId("hotword-membership-required")).toBeVisible();
  await expect(manager.getByTestId("hotword-input")).toHaveCount(0);
  await manager.getByTestId("hotword-membership-close").click();
  await expect(manager).toHaveCount(0);

  await makePro(email);
  await page.reload();
  manager = await openManager(page);
  const summary = manager.getByTestId("hotword-summary");
  await expect(summary).toHaveText("0 hotwords · 0 active · 500 remaining of 500");
  await expect(manager.getByTestId("hotword-empty")).toBeVisible();

  // Add one.
  await manager.getByTestId("hotword-input").fill("Kubernetes");
  await manager.getByTestId("hotword-add").click();
  await expect(item(page, "Kubernetes")).toHaveAttribute("data-enabled", "true");
  await expect(summary).toHaveText("1 hotword · 1 active · 499 remaining of 500");
  await expect(manager.getByTestId("hotword-input")).toHaveValue("");

  // Eight English words break the rule at once, before anything is sent.
  await manager.getByTestId("hotword-input").fill("one two three four five six seven eight");
  await expect(manager.getByTestId("hotword-rule-error")).toContainText("7 English words");
  await expect(manager.getByTestId("hotword-add")).toBeDisabled();
  await manager.getByTestId("hotword-input").fill("seven words are still fine for this");
  await expect(manager.getByTestId("hotword-rule-error")).toHaveCount(0);
  await manager.getByTestId("hotword-input").fill("");

  // Batch: one line too long, the others added; the failed line stays for fixing.
  const tooLong = "this line has far more than seven english words in it";
  await manager.getByTestId("hotword-batch-input").fill(["听记转写", "speaker diarization", tooLong].join("\n"));
  await manager.getByTestId("hotword-batch-add").click();
  const result = manager.getByTestId("hotword-batch-result");
  await expect(result).toContainText("2 added, 1 failed");
  await expect(result.getByTestId("hotword-batch-failure")).toHaveAttribute("data-text", tooLong);
  await expect(result.getByTestId("hotword-batch-failure")).toContainText("Too long");
  await expect(manager.getByTestId("hotword-batch-input")).toHaveValue(tooLong);
  await expect(summary).toHaveText("3 hotwords · 3 active · 497 remaining of 500");
  await expect(manager.getByTestId("hotword-item")).toHaveCount(3);

  // Search, then switch one off.
  await manager.getByTestId("hotword-search").fill("diariz");
  await expect(manager.getByTestId("hotword-item")).toHaveCount(1);
  await item(page, "speaker diarization").getByTestId("hotword-toggle").uncheck();
  await expect(item(page, "speaker diarization")).toHaveAttribute("data-enabled", "false");
  await expect(summary).toHaveText("3 hotwords · 2 active · 497 remaining of 500");
  await manager.getByTestId("hotword-search").fill("");
  await expect(manager.getByTestId("hotword-item")).toHaveCount(3);

  // Delete one, after confirming.
  await item(page, "Kubernetes").getByTestId("hotword-delete").click();
  await page.getByTestId("confirm-ok").click();
  await expect(item(page, "Kubernetes")).toHaveCount(0);
  await expect(summary).toHaveText("2 hotwords · 1 active · 498 remaining of 500");

  // Everything was saved.
  await page.reload();
  manager = await openManager(page);
  await expect(manager.getByTestId("hotword-summary")).toHaveText("2 hotwords · 1 active · 498 remaining of 500");
  await expect(item(page, "speaker diarization")).toHaveAttribute("data-enabled", "false");
  await expect(item(page, "听记转写")).toHaveAttribute("data-enabled", "true");
});

test("the summary style is saved and shown again", async ({ page }) => {
  await signIn(page, "e2e-style@example.com");
  await page.getByTestId("style-open").click();
  const dialog = page.getByTestId("style-dialog");
  await expect(dialog.getByTestId("style-enabled")).not.toBeChecked();
  await expect(dialog.getByTestId("style-length-medium")).toHaveAttribute("aria-checked", "true");

  await dialog.getByTestId("style-enabled").check();
  await dialog.getByTestId("style-length-long").click();
  await dialog.getByTestId("style-focus").fill("decisions and budget");
  await dialog.getByTestId("style-instructions").fill("List action items with owners.");
  await expect(dialog.getByTestId("style-instructions-count")).toHaveText("30 / 2000");
  await dialog.getByTestId("style-summary-language").selectOption("zh");
  await dialog.getByTestId("style-save").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: "Summary style saved" })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await page.getByTestId("style-open").click();
  await expect(dialog.getByTestId("style-enabled")).toBeChecked();
  await expect(dialog.getByTestId("style-length-long")).toHaveAttribute("aria-checked", "true");
  await expect(dialog.getByTestId("style-focus")).toHaveValue("decisions and budget");
  await expect(dialog.getByTestId("style-instructions")).toHaveValue("List action items with owners.");
  await expect(dialog.getByTestId("style-summary-language")).toHaveValue("zh");
  await dialog.getByTestId("style-cancel").click();

  // Summaries are now written in the chosen AI summary language, whatever the interface language.
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await page.getByTestId("document-tab-paste").click();
  await page.getByTestId("document-text-input").fill("Budget review\n\nThe team agreed on the budget for the launch. Maria will send the figures on Friday.");
  await page.getByTestId("document-submit").click();
  await page.getByTestId("document-confirm").click();
  const item = page.getByTestId("task-item").filter({ hasText: "Budget review" }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 60_000 });
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content").getByRole("heading", { name: "概述" })).toBeVisible({ timeout: 60_000 });
});
