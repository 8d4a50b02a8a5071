import { expect, test } from "playwright/test";
import { signInThroughLoginPage } from "../helpers";

// With the service worker in control, as on a user's device (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

test("signs in through the emailed link, refuses it a second time, and signs out", async ({ page, browser }) => {
  const link = await signInThroughLoginPage(page, "e2e-login@example.com");
  await expect(page.getByTestId("user-name")).toContainText("e2e-login");

  // The same link in a fresh browser: single use.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByTestId("callback-status")).toHaveAttribute("data-reason", "linkUsed");
  await expect(second.getByTestId("callback-message")).toHaveText("This login link has already been used. Please request a new one.");
  await other.close();

  await page.getByTestId("logout-button").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
  expect(await page.evaluate(() => localStorage.getItem("auth:token"))).toBeNull();
  // Signed out, the app home is the landing page, whose sign-in link leads to the login page.
  await page.goto("/transcribe/");
  await expect(page.getByTestId("landing")).toBeVisible();
  await expect(page.getByTestId("transcribe-home")).toHaveCount(0);
  await page.getByTestId("landing-signin").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
});

test("an invalid link says so in the browser's language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "de-DE" });
  const page = await context.newPage();
  await page.goto(`/transcribe/callback?token=${"x".repeat(43)}`);
  await expect(page.getByTestId("callback-status")).toHaveAttribute("data-reason", "linkInvalid");
  const message = await page.getByTestId("callback-message").textContent();
  expect(message).not.toContain("This login link is invalid");
  await page.getByTestId("callback-login").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
  await context.close();
});
