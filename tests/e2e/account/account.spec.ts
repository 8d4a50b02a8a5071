import sharp from "sharp";
import { expect, test, type Page } from "playwright/test";
import { pasteDocument, signIn } from "../helpers";
import { setUsedMinutes, sql } from "./db";

// The account panel (issue 11 "Profile"): avatar upload seen in the header, the two
// languages; the out-of-credits dialog when the month's minutes are used up and its
// buttons; the one upgrade-to-Pro dialog from a free user's PDF export, leading to the plans.

async function openAccount(page: Page) {
  await page.getByTestId("account-open").click();
  const dialog = page.getByTestId("account-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("the account panel: avatar upload shows in the header, a non-image is refused, both languages change", async ({ page }) => {
  const email = "e2e-account-profile@example.com";
  await signIn(page, email);
  let dialog = await openAccount(page);
  await expect(dialog.getByTestId("account-email")).toHaveText(email);
  await expect(dialog.getByTestId("account-plan")).toHaveAttribute("data-plan", "free");
  await expect(dialog.getByTestId("referral-code")).toBeVisible();
  await expect(dialog.getByTestId("mcp-pro-required")).toBeVisible();

  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png().toBuffer();
  await dialog.getByTestId("avatar-input").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png });
  const headerAvatar = page.getByTestId("account-open").getByTestId("avatar-image");
  await expect(headerAvatar).toBeVisible();
  await expect(headerAvatar).toHaveAttribute("src", /^\/api\/avatars\/[^/]+\/[0-9a-f]{32}$/);
  // The browser decoded the server's 256×256 webp.
  await expect.poll(() => headerAvatar.evaluate((img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight}`)).toBe("256x256");
  const src = await headerAvatar.getAttribute("src");

  await dialog.getByTestId("avatar-input").setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(page.getByTestId("toast-message").filter({ hasText: "Please choose a PNG, JPEG, WebP or GIF image" })).toBeVisible();
  await expect(headerAvatar).toHaveAttribute("src", src!);

  await dialog.getByTestId("account-summary-language").selectOption("ja");
  await expect(page.getByTestId("toast-message").filter({ hasText: "Saved" })).toBeVisible();
  await expect.poll(async () => (await sql<{ summaryLanguage: string }>(`SELECT "summaryLanguage" FROM "User" WHERE email=$1`, [email]))[0]?.summaryLanguage).toBe("ja");

  await dialog.getByTestId("account-ui-language").selectOption("de");
  await expect(dialog.getByRole("heading", { name: "Einstellungen" })).toBeVisible();
  await expect(page.getByTestId("account-open")).toHaveAttribute("title", "Konto");
  await expect.poll(async () => (await sql<{ uiLanguage: string }>(`SELECT "uiLanguage" FROM "User" WHERE email=$1`, [email]))[0]?.uiLanguage).toBe("de");

  // After a reload the choices and the picture are still there.
  await page.reload();
  dialog = await openAccount(page);
  await expect(dialog.getByTestId("account-summary-language")).toHaveValue("ja");
  await expect(dialog.getByTestId("account-ui-language")).toHaveValue("de");
  await expect(dialog.getByTestId("avatar-image")).toHaveAttribute("src", src!);
});

test("with the month's minutes used up, uploading opens the out-of-credits dialog; invite and upgrade work", async ({ page }) => {
  const email = "e2e-account-credits@example.com";
  await signIn(page, email);
  // Free plan: 300 minutes, counted in the calendar month (UTC).
  await setUsedMinutes(email, 300);
  await page.reload();
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-used", "300");

  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-audio").click();
  const credits = page.getByTestId("credits-dialog");
  await expect(credits).toBeVisible();
  await expect(page.getByTestId("upload-dropzone")).toHaveCount(0);
  await expect(credits.getByTestId("credits-usage")).toContainText("300");
  // No COMMUNITY_URL on this server: no community button.
  await expect(credits.getByTestId("credits-community")).toHaveCount(0);

  await credits.getByTestId("credits-invite").click();
  const account = page.getByTestId("account-dialog");
  await expect(account).toBeVisible();
  await expect(account.getByTestId("account-referral")).toHaveAttribute("data-focused", "true");
  await expect(account.getByTestId("referral-link")).toBeInViewport();
  await page.keyboard.press("Escape");
  await expect(account).toHaveCount(0);

  // The document import is refused the same way.
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await expect(credits).toBeVisible();
  await credits.getByTestId("credits-upgrade").click();
  await expect(page).toHaveURL(/\/transcribe\/payment\/plans$/);
});

test("a free user's PDF export opens the upgrade-to-Pro dialog, which leads to the plans page", async ({ page }) => {
  await signIn(page, "e2e-account-upgrade@example.com");
  await pasteDocument(page, "Quarterly planning notes\n\nWe agreed on the budget and the hiring plan.");
  const item = page.getByTestId("task-item").filter({ hasText: "Quarterly planning notes" }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await page.getByTestId("export-menu").click();
  await page.getByTestId("export-pdf").click();
  const upgrade = page.getByTestId("export-pro-required");
  await expect(upgrade).toContainText("PDF and XMind export are Pro features");
  // Said once: what was refused (the title), what Pro gives, and the way to the plans.
  await expect(upgrade).toContainText("Pro gives you");
  await expect(upgrade.getByTestId("upgrade-plans")).toHaveText("See plans");
  await upgrade.getByTestId("upgrade-plans").click();
  await expect(page).toHaveURL(/\/transcribe\/payment\/plans$/);
});
