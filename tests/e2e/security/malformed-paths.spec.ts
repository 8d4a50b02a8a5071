import { expect, test } from "playwright/test";

// The outside probe's finding on the production build (served by server.ts): a path whose percent-escapes
// do not decode made Next's router answer a bare text/plain 500. Now the API answers 400 with the envelope
// and pages the not-found page (lib/api/malformed-path.ts; docs/security.md "Malformed percent-escapes").

const API = [
  "/api/transcription/share/a/%ZZ",
  "/api/transcription/share/%/b",
  "/api/transcription/tasks/%ZZ",
  "/api/transcription/tasks/%C0%AF/export",
  "/api/transcription/tasks/title/%E0%A4%A/2026-01-01",
  "/api/folder/%ZZ",
  "/api/media/%ZZ",
];
const PAGES = ["/transcribe/show/%ZZ", "/transcribe/show/2026-01-01/%E0%A4%A", "/transcribe/%C0%AF", "/tools/%zz"];

test("undecodable escapes in the API's dynamic segments: 400 with the envelope in the caller's language", async ({ request }) => {
  for (const path of API) {
    for (const [locale, words] of [["en", /^The request could not be read/], ["zh", /^无法读取请求/]] as const) {
      const res = await request.get(path, { headers: { "x-locale": locale } });
      expect([path, res.status(), res.headers()["content-type"]]).toEqual([path, 400, "application/json; charset=utf-8"]);
      const body = (await res.json()) as { code: number; message: string; data: { error: string } };
      expect([body.code, body.data.error]).toEqual([400, "common.malformedRequest"]);
      expect(body.message).toMatch(words);
    }
  }
  // Other methods too (a body is not read).
  const post = await request.post("/api/folder/%ZZ/move", { data: { folderId: null } });
  expect(post.status()).toBe(400);
});

test("undecodable escapes in a page's path: the not-found page with the pages' headers", async ({ page }) => {
  for (const path of PAGES) {
    const res = await page.goto(path);
    expect([path, res?.status()]).toEqual([path, 404]);
    await expect(page.getByTestId("not-found")).toBeVisible();
    expect(res?.headers()["content-security-policy"] ?? "").toMatch(/script-src 'self' 'nonce-/);
  }
});
