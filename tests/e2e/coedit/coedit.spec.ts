import { HocuspocusProvider, HocuspocusProviderWebsocket } from "@hocuspocus/provider";
import { expect, test, type Browser, type Page } from "playwright/test";
import WebSocket from "ws";
import { docShot, pasteDocument, signIn } from "../helpers";

// Real-time co-editing (issue 10): the owner and a collaborator, in two browser contexts,
// enter "Edit together" on the same task and type into the same paragraph at the same
// moment; both see both edits and each other's caret names; after Exit the stored
// transcript (read through the API) holds both. A third user is refused at the socket and
// at the API. Screenshots of the editor at 1280 and 390 px, in English and Chinese.

const TITLE = "Orchard cooperative meeting";
const TEXT = [
  TITLE,
  "Ana: The apple harvest starts on the second Monday of September this year.",
  "Ben: We hired twelve pickers and rented two extra cold storage rooms.",
  "Ana: The cider press needs a new motor before the first pressing.",
].join("\n");

const stamp = Date.now();
const OWNER = `orchard-owner-${stamp}@example.com`;
const CAROL = `orchard-carol-${stamp}@example.com`;
const MALLORY = `orchard-mallory-${stamp}@example.com`;
const local = (email: string) => email.split("@")[0]!;

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

/** Calls the API from the page with its signed-in token, as the app does. */
async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const token = localStorage.getItem("auth:token");
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-locale": "en" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Envelope<T>;
    },
    { method, url, body },
  );
}

async function signedInPage(browser: Browser, baseURL: string, email: string, viewport = { width: 1280, height: 860 }) {
  const context = await browser.newContext({ baseURL, viewport });
  const page = await context.newPage();
  // Errors in the page go to the test's output: a co-editing failure is timing-bound and rare, and this says what the browser saw.
  page.on("pageerror", (error) => console.log(`[${local(email)}] page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") console.log(`[${local(email)}] console ${message.type()}: ${message.text()}`);
  });
  await signIn(page, email);
  return page;
}

/** The first spoken paragraph (the document's first line is its title). */
const paragraph = (page: Page) => page.getByTestId("coedit-transcript").locator("[data-entry] p").nth(1);

/** The paragraph's own text, without other people's caret labels drawn inside it. */
function paragraphText(page: Page): Promise<string> {
  return paragraph(page).evaluate((el) => {
    const copy = el.cloneNode(true) as HTMLElement;
    for (const caret of copy.querySelectorAll(".collaboration-carets__caret")) caret.remove();
    return copy.textContent ?? "";
  });
}

async function enter(page: Page, taskId: string) {
  await page.goto(`/transcribe/?task=${taskId}`);
  await expect(page.getByTestId("task-detail")).toHaveAttribute("data-task-id", taskId);
  await page.getByTestId("coedit-enter").click();
  await expect(page.getByTestId("coedit-editor")).toHaveAttribute("data-synced", "true");
  await expect(paragraph(page)).toContainText("apple harvest");
}

test("owner and collaborator type into the same paragraph at once; both edits are kept; a stranger is refused", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const carol = await signedInPage(browser, baseURL!, CAROL);
  const mallory = await signedInPage(browser, baseURL!, MALLORY);
  const owner = await signedInPage(browser, baseURL!, OWNER);

  await pasteDocument(owner, TEXT);
  const item = owner.getByTestId("task-item").filter({ hasText: TITLE }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const taskId = (await item.getAttribute("data-task-id"))!;
  // A summary too, so both parts are co-edited (the offline analyzer writes it in seconds).
  const analysis = await apiCall(owner, "POST", `/api/transcription/${taskId}/analyze-meeting`, {});
  expect(analysis.code).toBe(200);
  await expect
    .poll(async () => (await apiCall<{ status: string }>(owner, "GET", `/api/transcription/tasks/${taskId}`)).data.status, { timeout: 120_000 })
    .toBe("analysis_completed");
  const added = await apiCall(owner, "POST", `/api/collaboration/documents/${taskId}/collaborators`, { user_identifier: CAROL });
  expect(added.code).toBe(200);

  await enter(owner, taskId);
  await enter(carol, taskId);
  await expect(owner.getByTestId("coedit-status")).toHaveText("Saved");

  // The same paragraph, at the same moment: the owner at its start, Carol at its end.
  await paragraph(owner).click();
  await owner.keyboard.press("Home");
  await paragraph(carol).click();
  await carol.keyboard.press("End");
  await Promise.all([owner.keyboard.type("OWNER-EDIT ", { delay: 15 }), carol.keyboard.type(" CAROL-EDIT", { delay: 15 })]);
  // Each one's own typing is in their own editor first (else the keys went elsewhere, not lost in the merge).
  await expect.poll(() => paragraphText(owner), { message: "the owner's typing is in the owner's editor" }).toContain("OWNER-EDIT");
  await expect.poll(() => paragraphText(carol), { message: "Carol's typing is in Carol's editor" }).toContain("CAROL-EDIT");

  for (const page of [owner, carol]) {
    await expect.poll(() => paragraphText(page)).toBe("OWNER-EDIT Ana: The apple harvest starts on the second Monday of September this year. CAROL-EDIT");
    await expect(page.getByTestId("coedit-editor")).toHaveAttribute("data-saved", "true");
    await expect(page.getByTestId("coedit-status")).toHaveText("Saved");
  }
  // The summary's markdown, edited as text: Carol adds to its first line.
  const summaryLine = (page: Page) => page.getByTestId("coedit-summary").locator("p").first();
  const firstLine = (await summaryLine(carol).innerText()).trim();
  await summaryLine(carol).click();
  await carol.keyboard.press("End");
  await carol.keyboard.type(" (Carol)", { delay: 15 });
  await expect(summaryLine(owner)).toContainText(`${firstLine} (Carol)`);

  // Each sees the other's caret with their name, and the other in the "editing now" list.
  await expect(owner.locator(".collaboration-carets__label", { hasText: local(CAROL) }).first()).toBeVisible();
  await expect(carol.locator(".collaboration-carets__label", { hasText: local(OWNER) }).first()).toBeVisible();
  await expect(owner.getByTestId("coedit-others")).toContainText(local(CAROL));

  await owner.screenshot({ path: docShot("editor-1280-en.png") });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: docShot("editor-390-en.png") });
  await owner.setViewportSize({ width: 1280, height: 860 });

  // A stranger: refused at the socket (with the server's real websocket) ...
  const malloryToken = await mallory.evaluate(() => localStorage.getItem("auth:token"));
  const socket = new HocuspocusProviderWebsocket({ url: `${baseURL!.replace(/^http/, "ws")}/collab`, WebSocketPolyfill: WebSocket as never });
  const refused = new Promise<string>((resolve) => {
    const spy = new HocuspocusProvider({ websocketProvider: socket, name: `${taskId}:transcript`, token: malloryToken, onAuthenticationFailed: ({ reason }) => resolve(reason) });
    spy.attach();
  });
  expect(await refused).toBe("collab.permissionDenied");
  socket.destroy();
  // ... and at the API, changing nothing.
  const put = await apiCall(mallory, "PUT", `/api/transcription/${taskId}/edit-collaborative`, { entries: [{ speakerId: null, beginMs: 0, endMs: 0, text: "mallory" }] });
  expect(put.code).toBe(404);
  expect(put.message).toBe("Document not found or deleted");

  // Carol leaves first; the owner's Exit writes the merged result back.
  await carol.getByTestId("coedit-exit").click();
  await expect(carol.getByTestId("coedit-editor")).toHaveCount(0);
  await owner.getByTestId("coedit-exit").click();
  await expect(owner.getByTestId("coedit-editor")).toHaveCount(0);
  await expect(owner.getByTestId("toast").filter({ hasText: "Co-editing ended; the result was saved" })).toBeVisible();
  const stored = await apiCall<{ timeline: { text: string }[] }>(owner, "GET", `/api/transcription/tasks/${taskId}`);
  expect(stored.data.timeline[1]!.text).toBe("OWNER-EDIT Ana: The apple harvest starts on the second Monday of September this year. CAROL-EDIT");
  expect(stored.data.timeline).toHaveLength(4);
  const summary = await apiCall<{ summary: string }>(owner, "GET", `/api/transcription/tasks/${taskId}`);
  expect(summary.data.summary.split("\n")[0]).toBe(`${firstLine} (Carol)`);
  expect(stored.data.timeline.map((e) => e.text).join("\n")).not.toContain("mallory");
  await expect(owner.getByTestId("document-text")).toContainText("CAROL-EDIT");

  // Entering again fetches what was saved; the editor in Chinese.
  const saved = owner.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user/language" && r.ok());
  await owner.getByTestId("language-switcher").selectOption("zh");
  await saved;
  await expect(owner.locator("html")).toHaveAttribute("lang", "zh");
  await enter(owner, taskId);
  await expect(owner.getByTestId("coedit-status")).toHaveText("已保存");
  await expect.poll(() => paragraphText(owner)).toBe("OWNER-EDIT Ana: The apple harvest starts on the second Monday of September this year. CAROL-EDIT");
  // The Exit toast (in English, before the switch) would show through in the Chinese shots.
  for (const close of await owner.getByTestId("toast-close").all()) await close.click({ timeout: 1000 }).catch(() => undefined);
  await expect(owner.getByTestId("toast")).toHaveCount(0);
  await owner.screenshot({ path: docShot("editor-1280-zh.png") });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: docShot("editor-390-zh.png") });
  await owner.getByTestId("coedit-exit").click();
  await expect(owner.getByTestId("coedit-editor")).toHaveCount(0);
});
