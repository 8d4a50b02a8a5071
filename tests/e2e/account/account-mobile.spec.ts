import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn } from "../helpers";
import { mobileSubscriptionEndingIn, setPlan, setUsedMinutes } from "./db";

// Issue 11 on a phone: the renewal reminder on the mobile home, the server's refusal for
// used-up minutes opening the out-of-credits dialog, and the MCP keys in the account panel.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the mobile home shows the renewal reminder of a period that ends soon; dismissed, it stays away", async ({ page }) => {
  const email = `e2e-reminder-phone-${Date.now()}@example.com`;
  await signIn(page, email);
  await mobileSubscriptionEndingIn(email, 3);
  await page.reload();
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  const reminder = page.getByTestId("renewal-reminder");
  await expect(reminder).toHaveAttribute("data-kind", "inDays");
  await expect(reminder).toContainText(/Your subscription expires in [34] days/);
  const box = await reminder.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await page.getByTestId("renewal-reminder-dismiss").click();
  await expect(reminder).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test("on a phone the server's refusal for used-up minutes opens the out-of-credits dialog", async ({ page }) => {
  const email = `e2e-credits-phone-${Date.now()}@example.com`;
  await signIn(page, email);
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-audio").click();
  await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
  await expect(page.getByTestId("upload-submit")).toBeEnabled();
  await setUsedMinutes(email, 300);
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("credits-dialog")).toBeVisible();
  await expect(page.getByTestId("upload-error")).toHaveCount(0);
});

test("on a phone the account panel reaches the MCP keys: a Pro user creates a key there", async ({ page }) => {
  const email = `e2e-mcp-phone-${Date.now()}@example.com`;
  await signIn(page, email);
  await setPlan(email, "pro");
  await page.reload();
  await page.getByTestId("account-open").click();
  const dialog = page.getByTestId("account-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("account-usage")).toContainText("0 of 5,000 minutes used");
  const section = dialog.getByTestId("account-mcp");
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByTestId("mcp-key-count")).toHaveText("0 of 10 keys");
  await section.getByTestId("mcp-key-name").fill("Phone assistant");
  await section.getByTestId("mcp-key-create").click();
  await expect(section.getByTestId("mcp-new-key-value")).toHaveValue(/^tj_key_/);
  await expect(section.getByTestId("mcp-key-item")).toHaveCount(1);
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
});
