import { expect, test } from "playwright/test";
import { E2E_REGION_REDIRECT_URL, E2E_RESTRICTED_COUNTRY } from "../env";
import { sql } from "../account/db";
import { docShot, latestLoginLink, openUpload, signIn } from "../helpers";

// Human verification, the restricted-region redirect and the upload compliance notice
// (docs/auth.md "Human verification and regions"). The e2e server has no Turnstile keys, so the
// offline ALTCHA proof-of-work guards the login.

test("the proof-of-work challenge: the widget solves in the browser and the login starts with its token", async ({ page }) => {
  await page.goto("/transcribe/login");
  const widget = page.getByTestId("human-check");
  await expect(widget).toBeVisible();
  await expect(widget).toHaveAttribute("data-provider", "altcha");
  await expect(widget).toHaveAttribute("data-state", "verified");
  await expect(page.getByTestId("human-check-text")).toHaveText("Verified");
  await page.screenshot({ path: docShot("login-human-check.png") });

  const email = "e2e-pow@example.com";
  await page.getByTestId("login-email").fill(email);
  const before = Date.now() - 1;
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/auth/email/send") && r.method() === "POST");
  await page.getByTestId("login-submit").click();
  const body = (await sent).postDataJSON() as { turnstile_token?: string };
  const payload = JSON.parse(Buffer.from(body.turnstile_token ?? "", "base64").toString("utf8")) as { challenge: { parameters: { algorithm: string } }; solution: { counter: number } };
  expect(payload.challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
  expect(payload.solution.counter).toBeGreaterThan(0);
  await expect(page.getByTestId("login-link-sent")).toBeVisible();
  await page.goto(await latestLoginLink(email, before));
  await expect(page.getByTestId("transcribe-home")).toBeVisible();

  // Without a token, or with the spent one, no login starts.
  const none = await page.request.post("/api/auth/email/send", { data: { email: "e2e-bot@example.com" } });
  expect(((await none.json()) as { data: { error: string } }).data.error).toBe("verify.required");
  const replay = await page.request.post("/api/auth/email/send", { data: { email: "e2e-bot@example.com", turnstile_token: body.turnstile_token } });
  expect(((await replay.json()) as { data: { error: string } }).data.error).toBe("verify.replayed");
});

test("the region redirect: a request from a restricted country is sent to the configured address", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-country": E2E_RESTRICTED_COUNTRY } });
  const page = await context.newPage();
  await context.route("https://region.example.test/**", (route) => route.fulfill({ contentType: "text/html", body: "<h1 id=elsewhere>Our service in your region</h1>" }));
  // The login page's first API calls (the human check's challenge among them) are answered body code 302.
  const answered = page.waitForResponse((r) => r.url().includes("/api/"));
  await page.goto("/transcribe/login");
  expect((await answered).status()).toBe(451);
  await expect(page).toHaveURL(E2E_REGION_REDIRECT_URL);
  await expect(page.locator("#elsewhere")).toBeVisible();
  // The body the browser acted on (read again: the page has left, and its response bodies with it).
  const again = await context.request.get("/api/verify/challenge", { headers: { "x-country": E2E_RESTRICTED_COUNTRY } });
  expect(await again.json()).toMatchObject({ code: 302, message: "redirect_required", data: { reason: "country_restricted", url: E2E_REGION_REDIRECT_URL } });
  await context.close();
});

test("the region access notice: an address registered on the China edition is sent there; no link is sent here", async ({ page }) => {
  const email = `e2e-cn-${Date.now()}@example.com`;
  await sql(`INSERT INTO "User" (id, email, username, edition, "referralCode", "updatedAt") VALUES ($1, $2, 'cn', 'china', $3, now())`, [`e2e-cn-${Date.now()}`, email, `CN${Date.now()}`]);
  await page.goto("/transcribe/login");
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-submit").click();
  const notice = page.getByTestId("region-notice");
  await expect(notice).toContainText("Your account is on the other edition");
  await expect(notice).toContainText(`${email} is registered on the China edition`);
  await expect(page.getByTestId("login-link-sent")).toHaveCount(0);
  await page.screenshot({ path: docShot("login-region-notice.png") });
  // An account signs in only on its own edition: nothing offers to go on here, and submitting again asks again.
  await expect(page.getByTestId("region-notice-continue")).toHaveCount(0);
  await page.getByTestId("login-submit").click();
  await expect(notice).toBeVisible();
  await expect(page.getByTestId("login-link-sent")).toHaveCount(0);
});

test("the upload compliance notice is shown once, before the first upload", async ({ page }) => {
  await signIn(page, "e2e-compliance@example.com");
  expect(await page.evaluate(() => localStorage.getItem("compliance_shown"))).toBeNull();
  await openUpload(page, "audio");
  const notice = page.getByTestId("upload-compliance-notice");
  await expect(notice).toBeVisible();
  await page.getByTestId("upload-compliance-accept").click();
  await expect(notice).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("compliance_shown"))).toBe("1");
  await page.getByTestId("upload-close").click();
  await openUpload(page, "video");
  await expect(page.getByTestId("upload-dropzone")).toBeVisible();
  await expect(notice).toHaveCount(0);
  // Also after a reload, and in the document import: the mark is in local storage.
  await page.reload();
  await openUpload(page, "audio");
  await expect(notice).toHaveCount(0);
  await page.getByTestId("upload-close").click();
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await expect(page.getByTestId("document-dropzone")).toBeVisible();
  await expect(notice).toHaveCount(0);
});

test("a document import as the first upload shows the notice too, and then the upload dialog does not", async ({ page }) => {
  await signIn(page, "e2e-compliance-doc@example.com");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  const notice = page.getByTestId("upload-compliance-notice");
  await expect(page.getByTestId("document-dialog").getByTestId("upload-compliance-notice")).toBeVisible();
  // Closing the dialog after it was on screen counts as shown.
  await page.getByTestId("document-close").click();
  await expect(page.getByTestId("document-dialog")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("compliance_shown"))).toBe("1");
  await openUpload(page, "audio");
  await expect(notice).toHaveCount(0);
});
