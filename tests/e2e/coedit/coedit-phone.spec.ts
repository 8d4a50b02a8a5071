import { expect, test, type Browser, type Page } from "playwright/test";
import { pasteDocument, signIn } from "../helpers";

// Co-editing on a phone (issue 10): from the mobile task view, "Edit together" opens the
// collaborative editor full-screen at 390 px; a collaborator's caret at the right edge keeps
// its name label inside the editor; the owner types, exits, and the stored transcript
// (read through the API) holds the edit. Nothing is wider than the phone.

const TITLE = "Harbour ferry timetable";
const TEXT = [
  TITLE,
  "Dora: The morning ferry leaves the north pier at seven fifteen on weekdays and at eight on Sundays.",
  "Eli: The evening crossing waits for the last train from the city when it runs late.",
].join("\n");

const stamp = Date.now();
const OWNER = `ferry-owner-${stamp}@example.com`;
const CAROL = `ferry-carol-with-a-long-name-${stamp}@example.com`;
const local = (email: string) => email.split("@")[0]!;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Envelope<T = unknown> {
  code: number;
  message: string;
  data: T;
}

async function apiCall<T>(page: Page, method: string, url: string, body?: unknown): Promise<Envelope<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${localStorage.getItem("auth:token")}`, "content-type": "application/json", "x-locale": "en" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as Envelope<T>;
    },
    { method, url, body },
  );
}

async function phone(browser: Browser, baseURL: string, email: string) {
  const page = await (await browser.newContext({ baseURL, ...PHONE })).newPage();
  await signIn(page, email);
  return page;
}

/** The first spoken paragraph (the document's first line is its title). */
const paragraph = (page: Page) => page.getByTestId("coedit-transcript").locator("[data-entry] p").nth(1);

/** Opens the task on the mobile page and enters co-editing from its text tab. */
async function enterOnPhone(page: Page, taskId: string) {
  await page.goto(`/transcribe/mobile/?task=${taskId}`);
  await expect(page.getByTestId("mobile-task")).toHaveAttribute("data-status", "completed");
  await page.getByTestId("mobile-tab-text").click();
  await expect(page.getByTestId("coedit-enter")).toBeVisible();
  await expectNoOverflow(page);
  await page.getByTestId("coedit-enter").click();
  await expect(page.getByTestId("coedit-editor")).toHaveAttribute("data-synced", "true");
  await expect(paragraph(page)).toContainText("morning ferry");
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test("on a phone, Edit together opens the editor full-screen; a caret's name stays inside; the edit is stored after Exit", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  // Carol has signed in once: she can be added by her email.
  const carol = await phone(browser, baseURL!, CAROL);
  const desk = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 860 } })).newPage();
  await signIn(desk, OWNER);
  await pasteDocument(desk, TEXT);
  const item = desk.getByTestId("task-item").filter({ hasText: TITLE }).first();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const taskId = (await item.getAttribute("data-task-id"))!;
  expect((await apiCall(desk, "POST", `/api/collaboration/documents/${taskId}/collaborators`, { user_identifier: CAROL })).code).toBe(200);
  await desk.context().close();

  const owner = await phone(browser, baseURL!, OWNER);
  await enterOnPhone(carol, taskId);
  await enterOnPhone(owner, taskId);

  // Full-screen: the editor covers the phone's window, Exit within it.
  const layer = await owner.getByTestId("coedit-editor").boundingBox();
  expect(layer).toEqual({ x: 0, y: 0, width: 390, height: 844 });
  await expect(owner.getByTestId("coedit-exit")).toBeInViewport();

  // Carol's caret near the right end of the paragraph's first line (inside its last word: a caret
  // at a line's very end is drawn at the next line's start): her name stays inside the owner's editor.
  const box = (await paragraph(carol).boundingBox())!;
  await carol.mouse.click(box.x + box.width - 50, box.y + 8);
  const label = owner.locator(".collaboration-carets__label", { hasText: local(CAROL).slice(0, 10) }).first();
  await expect(label).toBeVisible();
  const editor = (await owner.getByTestId("coedit-transcript").boundingBox())!;
  // Her caret may first arrive where her editor took focus, then move to the click: wait for the move.
  const caretX = async () => (await owner.locator(".collaboration-carets__caret").first().boundingBox())?.x ?? 0;
  await expect.poll(caretX).toBeGreaterThan(editor.x + editor.width * 0.6);
  const shown = (await label.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(editor.x);
  expect(shown.x + shown.width).toBeLessThanOrEqual(editor.x + editor.width);
  await expectNoOverflow(owner);
  await owner.screenshot({ path: test.info().outputPath("coedit-phone-390.png") });

  await carol.getByTestId("coedit-exit").click();
  await expect(carol.getByTestId("coedit-editor")).toHaveCount(0);

  // The owner types on the phone and exits.
  await paragraph(owner).click();
  await owner.keyboard.press("End");
  await owner.keyboard.type(" PHONE-EDIT", { delay: 20 });
  await expect(owner.getByTestId("coedit-editor")).toHaveAttribute("data-saved", "true");
  await owner.getByTestId("coedit-exit").click();
  await expect(owner.getByTestId("coedit-editor")).toHaveCount(0);
  await expect(owner.getByTestId("toast").filter({ hasText: "Co-editing ended; the result was saved" })).toBeVisible();
  await expect(owner.getByTestId("mobile-panel-text")).toContainText("PHONE-EDIT");
  const stored = await apiCall<{ timeline: { text: string }[] }>(owner, "GET", `/api/transcription/tasks/${taskId}`);
  expect(stored.data.timeline[1]!.text).toMatch(/ PHONE-EDIT$/);
  expect(stored.data.timeline).toHaveLength(3);
});
