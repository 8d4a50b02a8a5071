import http from "node:http";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { Webhook } from "standardwebhooks";
import { E2E_DATABASE_URL, E2E_WEBHOOK_RECEIVER_PORT } from "../env";
import { signIn } from "../helpers";

// The public API in the browser: a Pro user creates an API key with the write scope, adds a webhook
// endpoint (a loopback receiver this spec runs, verifying signatures with standardwebhooks), sends a
// test event and sees it delivered in the log; the API reference page renders from openapi.json.

async function setPlan(email: string, plan: string) {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    expect((await db.query(`UPDATE "User" SET "planCode"=$2 WHERE email=$1`, [email, plan])).rowCount).toBe(1);
  } finally {
    await db.end();
  }
}

async function openAccount(page: Page) {
  await page.getByTestId("account-open").click();
  const dialog = page.getByTestId("account-dialog");
  await expect(dialog).toBeVisible();
  return dialog;
}

test("create a key, add an endpoint, send a test event, see it delivered in the log", async ({ page }) => {
  const bodies: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      bodies.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(E2E_WEBHOOK_RECEIVER_PORT, "127.0.0.1", resolve));
  try {
    const email = "e2e-developers@example.com";
    await signIn(page, email);
    await setPlan(email, "pro");
    await page.reload();
    const dialog = await openAccount(page);

    const keys = dialog.getByTestId("account-mcp");
    await expect(keys.getByTestId("api-reference-link")).toHaveAttribute("href", "/transcribe/developers");
    await keys.getByTestId("mcp-key-name").fill("Zapier");
    await keys.getByTestId("mcp-key-write").check();
    await keys.getByTestId("mcp-key-create").click();
    const key = await keys.getByTestId("mcp-new-key-value").inputValue();
    expect(key).toMatch(/^tj_key_/);
    await expect(keys.getByTestId("mcp-key-scopes").first()).toContainText("read, write");

    // The key works against the API at once.
    const listed = await page.request.get("/api/v1/tasks", { headers: { authorization: `Bearer ${key}` } });
    expect(listed.status()).toBe(200);
    expect(listed.headers()["ratelimit-policy"]).toMatch(/q=\d+;w=60/);

    const hooks = dialog.getByTestId("account-webhooks");
    // A private address is refused with the catalogue's message.
    await hooks.getByTestId("webhook-url").fill("http://10.0.0.5/hook");
    await hooks.getByTestId("webhook-add").click();
    await expect(page.getByText("This address cannot receive webhooks")).toBeVisible();

    await hooks.getByTestId("webhook-url").fill(`http://127.0.0.1:${E2E_WEBHOOK_RECEIVER_PORT}/hooks/tingji`);
    await hooks.getByTestId("webhook-add").click();
    const secret = await hooks.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(hooks.getByTestId("webhook-item")).toHaveCount(1);

    await hooks.getByTestId("webhook-send-test").click();
    const row = hooks.getByTestId("webhook-delivery").first();
    await expect(row).toHaveAttribute("data-event", "webhook.test");
    await expect(row).toHaveAttribute("data-status", "delivered", { timeout: 20_000 });
    await expect(row).toContainText("204");

    expect(bodies).toHaveLength(1);
    const event = new Webhook(secret).verify(bodies[0]!.body, bodies[0]!.headers as Record<string, string>) as { type: string };
    expect(event.type).toBe("webhook.test");

    // Send again: a second delivery, same webhook-id.
    await row.getByTestId("webhook-resend").click();
    await expect(hooks.getByTestId("webhook-delivery")).toHaveCount(2);
    await expect.poll(() => bodies.length, { timeout: 20_000 }).toBe(2);
    expect(bodies[1]!.headers["webhook-id"]).toBe(bodies[0]!.headers["webhook-id"]);
  } finally {
    await new Promise((r) => receiver.close(r));
  }
});

test("the API reference page renders the operations from openapi.json", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  await page.goto("/transcribe/developers");
  await expect(page.getByTestId("developers-page").getByRole("heading", { level: 1 })).toHaveText("Tingji API reference");
  const reference = page.getByTestId("developers-reference");
  await expect(reference.getByText("/api/v1/tasks/{id}/transcript")).toBeVisible({ timeout: 20_000 });
  await expect(reference.getByText("/api/v1/webhooks", { exact: true }).first()).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
});
