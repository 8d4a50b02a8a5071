import { execFileSync } from "node:child_process";
import path from "node:path";
import { Queue } from "bullmq";
import { expect, test } from "playwright/test";
import { E2E_SERVERS } from "../env";
import { docShot, signIn } from "../helpers";

// The queue dashboard (issue 14, docs/operations.md): an operator makes a user admin with
// `npm run ops -- grant-admin`, the admin opens /transcribe/admin, lands on the dashboard with every
// queue, and retries a failed job there; a normal user is refused, and so is a bare navigation.

const ROOT = path.resolve(__dirname, "../../..");
const server = E2E_SERVERS.local;

function ops(...args: string[]): string {
  return execFileSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "scripts/ops.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: server.databaseUrl, REDIS_PREFIX: server.redisPrefix, NODE_ENV: "test" },
    encoding: "utf8",
  });
}

test("an admin opens the queue dashboard, sees every queue and retries a failed job", async ({ page }) => {
  const email = `e2e-ops-admin-${Date.now()}@example.com`;
  await signIn(page, email);
  expect(ops("grant-admin", email)).toContain("is now an admin");

  // A job the worker cannot run fails at once on the tools queue (no task behind it to finalise).
  const tools = new Queue("tools", { connection: { host: "127.0.0.1", port: 6379 }, prefix: `${server.redisPrefix}:bull` });
  const jobId = `e2e-ops-probe-${Date.now()}`;
  await tools.add("ops.e2e-probe", { taskId: jobId }, { jobId, attempts: 1 });
  await expect.poll(async () => (await tools.getJob(jobId))?.getState(), { timeout: 30_000 }).toBe("failed");
  const firstRun = (await tools.getJob(jobId))!.processedOn!;

  await page.goto("/transcribe/admin");
  await page.waitForURL(/\/admin\/queues\/?$/);
  for (const name of ["media", "ai", "meetings", "maintenance", "tools"]) await expect(page.getByRole("link", { name, exact: true }).first()).toBeVisible();
  await page.screenshot({ path: docShot("ops-queue-dashboard.png"), fullPage: true });

  await page.goto("/admin/queues/queue/tools?status=failed");
  await expect(page.getByText(jobId).first()).toBeVisible();
  await page.screenshot({ path: docShot("ops-queue-dashboard-failed-job.png") });
  // The job card's own buttons are icons; the queue's "Retry all" asks first.
  await page.getByRole("button", { name: "Retry all" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  // Retried: the worker ran it again (and it failed again, having still no runner).
  await expect.poll(async () => (await tools.getJob(jobId))?.processedOn ?? 0, { timeout: 30_000 }).toBeGreaterThan(firstRun);
  await tools.close();
});

test("a normal user is refused, and the dashboard answers 401 without the admin's cookie", async ({ page }) => {
  await signIn(page, `e2e-ops-user-${Date.now()}@example.com`);
  await page.goto("/transcribe/admin");
  await expect(page.getByTestId("ops-dashboard-refused")).toContainText("The queue dashboard is for admins only");
  const bare = await page.goto("/admin/queues");
  expect(bare?.status()).toBe(401);
  expect(await page.content()).not.toContain("Tingji queues");
});
