import fs from "node:fs";
import path from "node:path";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { docShot } from "../helpers";
import { E2E_CHINA_AI_BASE_URL, E2E_CHINA_BASE_URL, E2E_SERVERS } from "../env";

// Issue 25 "the China edition can be signed into": the login page shows only the ways in the server has
// set up (docs/auth.md "Which ways in a host offers"). The "ai" server has no SMS proxy and no Google
// client: on a China host it offers the email link behind the terms agreement, and the mailed link comes
// back to the China host and makes a China account. The "local" server has an SMS proxy: phone only.

const ai = E2E_SERVERS.ai;

/** The newest login link mailed to `email` by the "ai" server, exactly as mailed (host included). */
async function mailedLink(email: string, after: number): Promise<string> {
  const dir = path.join(ai.dataDir, "outbox");
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.includes(email)).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).mtimeMs > after).sort() : [];
    const url = files.length ? /https?:\/\/\S+/.exec((JSON.parse(fs.readFileSync(files.at(-1)!, "utf8")) as { text: string }).text)?.[0] : undefined;
    if (url) return url;
  }
  throw new Error(`no login mail for ${email}`);
}

async function editionOf(email: string): Promise<string | null> {
  const db = new Client({ connectionString: ai.databaseUrl });
  await db.connect();
  try {
    return ((await db.query(`SELECT edition FROM "User" WHERE email = $1`, [email])).rows[0] as { edition: string } | undefined)?.edition ?? null;
  } finally {
    await db.end();
  }
}

async function expectEmailOnly(page: Page) {
  await expect(page.getByTestId("login-email")).toBeVisible();
  await expect(page.getByTestId("human-check")).toHaveAttribute("data-state", "verified");
  await expect(page.getByTestId("phone-login-form")).toHaveCount(0);
  await expect(page.getByTestId("google-login")).toHaveCount(0);
}

for (const { width, height } of [{ width: 390, height: 844 }, { width: 1366, height: 800 }]) {
  test(`China host without an SMS proxy: email link behind the terms → a China account (${width} px, zh)`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: E2E_CHINA_AI_BASE_URL, viewport: { width, height } });
    const page = await context.newPage();
    await page.goto("/transcribe/login");
    await expect(page.locator("html")).toHaveAttribute("data-edition", "china");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh");
    await expectEmailOnly(page);
    await page.screenshot({ path: docShot(`login-china-email-${width}-zh.png`) });

    const email = `e2e-cn-email-${width}-${Date.now()}@example.com`;
    const before = Date.now() - 1;
    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-submit").click();
    // The terms come first; declining sends nothing.
    await expect(page.getByTestId("terms-modal")).toBeVisible();
    await page.getByTestId("terms-decline").click();
    await expect(page.getByTestId("login-link-sent")).toHaveCount(0);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("terms-accept").click();
    await expect(page.getByTestId("login-link-sent")).toBeVisible();
    await expect(page.getByTestId("terms-checkbox")).toHaveCount(0);

    const link = await mailedLink(email, before);
    expect(new URL(link).origin).toBe(E2E_CHINA_AI_BASE_URL);
    await page.goto(link);
    await expect(page.getByTestId("transcribe-home").or(page.getByTestId("mobile-home"))).toBeVisible();
    expect(await editionOf(email)).toBe("china");
    await context.close();
  });
}

test("international host without Google settings: the email link only (1366 px, en)", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: ai.baseUrl, viewport: { width: 1366, height: 800 }, locale: "en-US" });
  const page = await context.newPage();
  await page.goto("/transcribe/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expectEmailOnly(page);
  await expect(page.getByTestId("terms-checkbox")).toHaveCount(0);
  await page.screenshot({ path: docShot("login-international-email-1366-en.png") });
  await context.close();
});

test("China host with an SMS proxy: the phone form, no email link", async ({ browser }) => {
  const context = await browser.newContext({ baseURL: E2E_CHINA_BASE_URL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto("/transcribe/login");
  await expect(page.getByTestId("phone-login-form")).toBeVisible();
  await expect(page.getByTestId("login-email")).toHaveCount(0);
  await expect(page.getByTestId("google-login")).toHaveCount(0);
  await context.close();
});
