import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { expect, test, type Browser, type Page } from "playwright/test";
import { startRoundRobinProxy, type RoundRobinProxy } from "../../helpers/round-robin-proxy";
import { E2E_BASE_URL, E2E_LOCAL_ENV_FILE, E2E_PROXY_PORT, E2E_SECOND_WEB_PORT, E2E_SERVERS } from "../env";
import { pasteDocument, signIn } from "../helpers";

// Issue 14, "Many machines": two web processes with the same settings behind a load balancer
// that sends every request (and every co-editing socket) to the next process in turn. Nothing a
// user does may depend on which process answers: signing in on one and working on the other,
// a document imported by the worker and its summary's progress polled from both, and two
// editors on different processes typing into one transcript (joined through Redis).

const stamp = Date.now();
const OWNER = `two-webs-${stamp}@example.com`;
const EDITOR = `two-webs-editor-${stamp}@example.com`;
const TITLE = "Harbour crane maintenance";
const TEXT = [
  TITLE,
  "Mia: The north crane's hoist cable is due for replacement before the winter storms.",
  "Olu: We ordered the cable from the Rotterdam supplier; it arrives on the fourth.",
  "Mia: Then the inspection can follow on the sixth, with the port authority present.",
].join("\n");

let secondWeb: ChildProcess;
let proxy: RoundRobinProxy;
const secondWebUrl = `http://127.0.0.1:${E2E_SECOND_WEB_PORT}`;
/** The local server's outbox and data, reached through the balancer. */
const behindProxy = { ...E2E_SERVERS.local, baseUrl: `http://127.0.0.1:${E2E_PROXY_PORT}` };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  // A second web process exactly like the first (same database, Redis, storage and secrets).
  const env = { ...(JSON.parse(fs.readFileSync(E2E_LOCAL_ENV_FILE, "utf8")) as NodeJS.ProcessEnv), PORT: String(E2E_SECOND_WEB_PORT) };
  secondWeb = spawn("node", ["--conditions=react-server", "--import", "tsx", "server.ts", "-p", String(E2E_SECOND_WEB_PORT), "-H", "127.0.0.1"], { env, stdio: "inherit" });
  await expect.poll(() => fetch(`${secondWebUrl}/api/health`).then((r) => r.status, () => 0), { timeout: 150_000, intervals: [500] }).toBe(200);
  // Sockets take turns among themselves, so two editors opened one after the other meet different processes.
  let socketTurn = 0;
  proxy = await startRoundRobinProxy({ port: E2E_PROXY_PORT, backends: [E2E_BASE_URL, secondWebUrl], route: (req) => (req.headers.upgrade ? socketTurn++ % 2 : undefined) });
});

test.afterAll(async () => {
  await proxy?.close();
  secondWeb?.kill("SIGTERM");
});

async function pageBehindProxy(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: behindProxy.baseUrl, viewport: { width: 1280, height: 860 } });
  return context.newPage();
}

/** Requests (from index `from` of the proxy's log) whose path contains `part`, per web process. */
function servedBy(part: string, from = 0): number[] {
  const counts = [0, 0];
  for (const r of proxy.log.slice(from)) if (r.path.includes(part)) counts[r.backend]!++;
  return counts;
}

/** A pasted document, imported by the worker, opened; its task id. */
async function importDocument(page: Page, title: string, text: string): Promise<string> {
  await pasteDocument(page, text);
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await item.getByTestId("task-open").click();
  const taskId = (await item.getAttribute("data-task-id"))!;
  await expect(page.getByTestId("task-detail")).toHaveAttribute("data-task-id", taskId);
  return taskId;
}

test("sign in on one process, work on both: an imported document and its summary's progress", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await pageBehindProxy(browser);
  const start = proxy.log.length;
  await signIn(page, OWNER, behindProxy);

  const taskId = await importDocument(page, TITLE, TEXT);
  await expect(page.getByTestId("task-detail")).toContainText("Rotterdam supplier");

  // The summary: started through one process, its steps polled from both, finished by the worker.
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("analysis-progress")).toBeVisible();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId("summary-content")).toContainText(/crane|cable/i);

  // The requests really alternated: both processes answered this user's API calls, this task's among them.
  const [a, b] = servedBy("/api/", start);
  expect(a).toBeGreaterThan(5);
  expect(b).toBeGreaterThan(5);
  for (const n of servedBy(taskId, start)) expect(n).toBeGreaterThan(0);
  // A reload lands wherever it lands, and the session still holds.
  await page.reload();
  await expect(page.getByTestId("task-detail")).toContainText("Rotterdam supplier");
});

test("two editors on different processes type into the same transcript and see each other", async ({ browser }) => {
  test.setTimeout(240_000);
  const [first, second] = [await pageBehindProxy(browser), await pageBehindProxy(browser)];
  await signIn(first, EDITOR, behindProxy);
  await signIn(second, EDITOR, behindProxy);
  const taskId = await importDocument(first, TITLE, TEXT);

  const paragraph = (page: Page) => page.getByTestId("coedit-transcript").locator("[data-entry] p").nth(1);
  const socketsBefore = proxy.log.filter((r) => r.websocket).length;
  for (const page of [first, second]) {
    await page.goto(`/transcribe/?task=${taskId}`);
    await page.getByTestId("coedit-enter").click();
    await expect(page.getByTestId("coedit-editor")).toHaveAttribute("data-synced", "true");
    await expect(paragraph(page)).toContainText("hoist cable");
  }
  // The two sockets went to different processes.
  const sockets = proxy.log.filter((r) => r.websocket).slice(socketsBefore);
  expect(new Set(sockets.map((s) => s.backend)).size).toBe(2);

  // The paragraph's own text, without the other editor's caret label drawn inside it.
  const ownText = (page: Page) =>
    paragraph(page).evaluate((el) => {
      const copy = el.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
      return copy.textContent ?? "";
    });
  await paragraph(first).click();
  await first.keyboard.press("End");
  await first.keyboard.type(" FIRST-PROCESS", { delay: 15 });
  await expect.poll(() => ownText(second)).toContain("winter storms. FIRST-PROCESS");
  await paragraph(second).click();
  await second.keyboard.press("Home");
  await second.keyboard.type("SECOND-PROCESS ", { delay: 15 });
  for (const page of [first, second]) await expect.poll(() => ownText(page)).toBe("SECOND-PROCESS Mia: The north crane's hoist cable is due for replacement before the winter storms. FIRST-PROCESS");
  for (const page of [first, second]) await expect(page.getByTestId("coedit-editor")).toHaveAttribute("data-saved", "true");
});
