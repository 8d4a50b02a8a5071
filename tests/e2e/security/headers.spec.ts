import path from "node:path";
import { expect, test, type Page, type Response } from "playwright/test";
import { CORPUS, signIn, uploadAndOpen } from "../helpers";

// App-wide security headers (proxy.ts, next.config.ts, lib/server/security-headers.ts) on the
// production build: pages carry a nonce CSP and still hydrate, the player plays and the mind
// map draws under it, with no CSP violation; stored media answers carry their own sandbox.

/** Records every CSP violation the page reports (events and console lines). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleLines: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) consoleLines.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...consoleLines, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

function expectPageHeaders(res: Response | null) {
  expect(res).not.toBeNull();
  const h = res!.headers();
  const csp = h["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  for (const d of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "media-src 'self' blob:"]) expect(csp).toContain(d);
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Served over plain http here: no HSTS.
  expect(h["strict-transport-security"]).toBeUndefined();
}

test("the login page has the headers and hydrates under its CSP", async ({ page }) => {
  const violations = await watchCsp(page);
  const res = await page.goto("/transcribe/login");
  expectPageHeaders(res);
  // Two loads, two nonces.
  const again = await page.request.get("/transcribe/login");
  expect(again.headers()["content-security-policy"]).not.toBe(res!.headers()["content-security-policy"]);
  // Hydrated: the client-side form checks the address before sending.
  await page.getByTestId("login-email").fill("not-an-address");
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-error")).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("a task page plays media and draws the mind map under the CSP", async ({ page }) => {
  const violations = await watchCsp(page);
  await signIn(page, "e2e-headers@example.com");
  const home = await page.reload();
  expectPageHeaders(home);

  await uploadAndOpen(page, "audio", path.join(CORPUS, "single/en_jfk.wav"));
  // The task page, loaded afresh as a document.
  expect(page.url()).toMatch(/task=/);
  expectPageHeaders(await page.reload());
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();

  // The player loads its signed media under media-src.
  const player = page.getByTestId("media-player");
  await expect(player).toBeVisible();
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  const src = await player.getAttribute("src");
  expect(src).toMatch(/^\/api\/media\//);
  const media = await page.request.get(src!, { headers: { range: "bytes=0-15" } });
  expect(media.status()).toBe(206);
  expect(media.headers()["content-type"]).toBe("audio/wav");
  expect(media.headers()["x-content-type-options"]).toBe("nosniff");
  expect(media.headers()["content-security-policy"]).toBe("default-src 'none'; sandbox");
  expect(media.headers()["content-disposition"]).toMatch(/^inline; filename="en_jfk\.wav"; filename\*=UTF-8''en_jfk\.wav$/);

  // The mind map (markmap: inline SVG and styles) draws.
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("tab-mindmap").click();
  await expect(page.locator('[data-testid="mindmap"] .markmap-node').first()).toBeVisible();

  expect(await violations()).toEqual([]);
});

test("API answers are never pages", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.headers()["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  const https = await request.get("/api/health", { headers: { "x-forwarded-proto": "https" } });
  expect(https.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
});
