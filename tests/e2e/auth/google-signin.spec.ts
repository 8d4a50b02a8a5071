import { expect, test } from "playwright/test";
import { docShot } from "../helpers";
import { E2E_OIDC_PORT } from "../env";

// Issue 13 "International edition": Google sign-in against the real OpenID Connect provider on
// loopback (tests/helpers/loopback-oidc.ts, started by serve.ts): the login page's button, the
// provider's own login and consent pages, the redirect back with a code, the code and token
// exchange on our server, and the app signed in.

const PROVIDER = `http://127.0.0.1:${E2E_OIDC_PORT}`;

test("Continue with Google → the provider's login and consent → back in the app, signed in", async ({ page }) => {
  await page.goto("/transcribe/login");
  const button = page.getByTestId("google-login");
  await expect(button).toHaveText("Continue with Google");
  // The human check solves itself; the button then leaves for the provider's authorisation page.
  await button.click();
  await page.waitForURL(`${PROVIDER}/interaction/**`);
  await page.locator('input[name="login"]').fill("ada.e2e@example.com");
  await page.locator('input[name="password"]').fill("any-password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // prompt=consent (as Google needs for offline access): the provider asks to confirm.
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page.getByTestId("transcribe-home").or(page.getByTestId("mobile-home"))).toBeVisible();
  await expect(page.getByTestId("user-name")).toContainText("ada.e2e");
  const stored = await page.evaluate(() => ({
    token: localStorage.getItem("auth:token"),
    user: JSON.parse(localStorage.getItem("auth:user") ?? "{}") as { email?: string },
    flags: Object.keys(localStorage).filter((k) => k.startsWith("auth:") && !["auth:token", "auth:user", "auth:deviceId", "auth:returnUrl"].includes(k)),
    human: localStorage.getItem("auth:turnstileToken"),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.user.email).toBe("ada.e2e@example.com");
  // The processed code's auth:{code} flag stays; the spent human-check token is gone.
  expect(stored.flags).toHaveLength(1);
  expect(stored.human).toBeNull();
});

test("the email form shows with the Google button already above it, so nothing moves under a click", async ({ page }) => {
  // A slow answer on whether Google is offered: the form waits for it instead of being pushed down when it comes.
  await page.route("**/api/auth/google", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto("/transcribe/login");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  expect(await page.getByTestId("google-login").count()).toBe(1);
  const before = await page.getByTestId("login-submit").boundingBox();
  await expect(page.getByTestId("human-check")).toHaveAttribute("data-state", "verified");
  expect(await page.getByTestId("login-submit").boundingBox()).toEqual(before);
});

test("a sign-in cancelled at Google says so and starts again from the login page", async ({ page }) => {
  await page.goto("/transcribe/callback?error=access_denied&state=x");
  await expect(page.getByTestId("callback-message")).toHaveText("Google sign-in was cancelled. You can try again or use another way to sign in.");
  await page.getByTestId("callback-login").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
  await expect(page.getByTestId("google-login")).toBeVisible();
});

test("login page of the international edition, desktop and phone (screenshots)", async ({ browser }) => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    const context = await browser.newContext({ viewport: { width, height }, locale: "en-US" });
    const page = await context.newPage();
    await page.goto("/transcribe/login");
    await expect(page.getByTestId("google-login")).toBeVisible();
    await expect(page.getByTestId("login-email")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("data-edition", "international");
    // The page as a person meets it a moment later: the human check done.
    await expect(page.getByTestId("human-check")).toHaveAttribute("data-state", "verified");
    await page.screenshot({ path: docShot(`login-international-${width}-en.png`), fullPage: true });
    await context.close();
  }
});
