import { createHash, randomBytes } from "node:crypto";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_SERVERS } from "../env";

// The browser checks a return URL again before following it (lib/server/return-url.ts via
// lib/client/storage.ts): a login link stored before the server checked return URLs, or a
// tampered auth:returnUrl in local storage, must land on the default page, on our origin.

/** A login link straight in the database, as one made before the fix would be. */
async function loginLinkWith(returnUrl: string | null): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const db = new Client({ connectionString: E2E_SERVERS.local.databaseUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO "LoginLink" (id, email, "tokenHash", "returnUrl", "expiresAt") VALUES ($1, $2, $3, $4, now() + interval '10 minutes')`, [
      `e2e${randomBytes(8).toString("hex")}`,
      `e2e-return-${randomBytes(4).toString("hex")}@example.com`,
      createHash("sha256").update(token).digest("hex"),
      returnUrl,
    ]);
  } finally {
    await db.end();
  }
  return token;
}

async function followLink(page: Page, token: string) {
  await page.goto(`/transcribe/callback?token=${token}`);
  // Signed in and gone on (the success state may last a moment only).
  await page.waitForURL((u) => !u.pathname.includes("/callback"));
}

for (const hostile of ["/\t/evil.example", "//evil.example/", "/\\evil.example", "/%2F/evil.example", "/api/media/x?exp=1&sig=y"]) {
  test(`a stored return URL ${JSON.stringify(hostile)} lands on the default page`, async ({ page, baseURL }) => {
    await followLink(page, await loginLinkWith(hostile));
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(baseURL!).origin);
    // The default, "/transcribe/" (Next drops the trailing slash).
    expect(url.pathname).toMatch(/^\/transcribe\/?$/);
    await expect(page.getByTestId("transcribe-home")).toBeVisible();
  });
}

test("a tampered auth:returnUrl in local storage is not followed", async ({ page, baseURL }) => {
  await page.goto("/transcribe/login");
  await page.evaluate(() => localStorage.setItem("auth:returnUrl", "/\t/evil.example"));
  await followLink(page, await loginLinkWith(null));
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toMatch(/^\/transcribe\/?$/);
});

test("a return URL of our pages is followed", async ({ page }) => {
  await followLink(page, await loginLinkWith("/tools/"));
  expect(new URL(page.url()).pathname).toMatch(/^\/tools\/?$/);
});
