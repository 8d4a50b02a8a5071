import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { signIn } from "../helpers";

// MCP keys in the account panel: free users see
// the upgrade prompt; a Pro user creates a key, sees it once with the MCP URL,
// copies both, reloads (the key is gone from view), and deletes it.

async function setPlan(email: string, plan: string) {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    const res = await db.query(`UPDATE "User" SET "planCode"=$2 WHERE email=$1`, [email, plan]);
    expect(res.rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

async function openDialog(page: Page) {
  await page.getByTestId("mcp-open").click();
  const dialog = page.getByTestId("mcp-keys-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a free user sees the upgrade prompt; a Pro user creates a key, sees it once, copies it, and deletes it", async ({ page }) => {
  const email = "e2e-mcp-keys@example.com";
  await signIn(page, email);

  let dialog = await openDialog(page);
  await expect(dialog.getByTestId("mcp-pro-required")).toContainText("MCP keys are a Pro feature");
  // The same keys open the public API, so the prompt says so (a developer looking for an API key lands here).
  await expect(dialog.getByTestId("mcp-pro-required")).toContainText("the public API");
  await expect(dialog.getByTestId("mcp-key-name")).toHaveCount(0);
  await dialog.getByTestId("mcp-upgrade-close").click();
  await expect(dialog).toHaveCount(0);

  await setPlan(email, "pro");
  await page.reload();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  dialog = await openDialog(page);
  await expect(dialog.getByTestId("mcp-key-count")).toHaveText("0 of 10 keys");

  // A name is required; the message says so and nothing is created.
  await dialog.getByTestId("mcp-key-create").click();
  await expect(page.getByText("Please enter a name for the key")).toBeVisible();
  await expect(dialog.getByTestId("mcp-key-item")).toHaveCount(0);

  await dialog.getByTestId("mcp-key-name").fill("Claude Desktop");
  await dialog.getByTestId("mcp-key-create").click();
  const shown = dialog.getByTestId("mcp-new-key-value");
  await expect(shown).toHaveValue(/^tj_key_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await expect(dialog.getByTestId("mcp-url")).toHaveValue(new URL("/api/mcp", page.url()).toString());
  await expect(dialog.getByTestId("mcp-key-item")).toHaveCount(1);
  await expect(dialog.getByTestId("mcp-key-item")).toContainText("Claude Desktop");
  await expect(dialog.getByTestId("mcp-key-last-used")).toContainText("never used");
  await expect(dialog.getByTestId("mcp-key-count")).toHaveText("1 of 10 keys");

  await dialog.getByTestId("mcp-new-key-value-copy").click();
  await expect(page.getByText("Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await dialog.getByTestId("mcp-url-copy").click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(new URL("/api/mcp", page.url()).toString());

  // The key works at the MCP URL (a real MCP request), and "last used" shows it.
  const answer = await page.request.post("/api/mcp", {
    headers: { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream", "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(answer.status()).toBe(200);
  expect(JSON.stringify(await answer.json())).toContain("get_transcript");

  // After a reload the key itself is never shown again.
  await page.reload();
  dialog = await openDialog(page);
  await expect(dialog.getByTestId("mcp-key-item")).toHaveCount(1);
  await expect(dialog.getByTestId("mcp-new-key")).toHaveCount(0);
  await expect(dialog).not.toContainText(key);
  await expect(dialog.getByTestId("mcp-key-last-used")).toContainText("last used");
  await expect(dialog.getByTestId("mcp-key-last-used")).not.toContainText("never used");

  // Delete, with confirmation; the key stops working.
  await dialog.getByTestId("mcp-key-delete").click();
  await page.getByTestId("confirm-ok").click();
  await expect(dialog.getByTestId("mcp-key-item")).toHaveCount(0);
  await expect(dialog.getByTestId("mcp-key-count")).toHaveText("0 of 10 keys");
  const revoked = await page.request.post("/api/mcp", {
    headers: { authorization: `Bearer ${key}`, accept: "application/json, text/event-stream", "content-type": "application/json" },
    data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
  });
  expect(revoked.status()).toBe(401);
});

test("where the browser has no clipboard (a plain-http site), copying says it failed and selects the key for copying by hand", async ({ page }) => {
  const email = "e2e-mcp-nocopy@example.com";
  await signIn(page, email);
  await setPlan(email, "pro");
  // Browsers give plain-http pages no navigator.clipboard at all.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
  await page.reload();
  const dialog = await openDialog(page);
  await dialog.getByTestId("mcp-key-name").fill("No clipboard");
  await dialog.getByTestId("mcp-key-create").click();
  const shown = dialog.getByTestId("mcp-new-key-value");
  await expect(shown).toHaveValue(/^tj_key_/);
  await dialog.getByTestId("mcp-new-key-value-copy").click();
  await expect(page.getByText("Copy failed, please select the text and copy it by hand")).toBeVisible();
  expect(await shown.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe((await shown.inputValue()).length);
});
