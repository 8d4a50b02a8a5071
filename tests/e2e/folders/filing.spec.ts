import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { E2E_VIDEO_SITE_PORT } from "../env";
import { CORPUS, docShot, openUpload, pasteDocument, signIn } from "../helpers";
import { apiFolder, closeToasts, countOf, folderCount, folderRow, moveTo, pasteTasks, shot, switchLanguage, token } from "./folder-steps";

// Folders, follow-ups (issue 10): what is added while a folder is shown lands in
// it (upload, pasted text, a video link; desktop and phone), a task is filed from the phone's
// task view, and the desktop header keeps room for the title at 1280 px (the
// less frequent actions are in its "More" menu).

/** The task's folder as the server says (GET /api/transcription/tasks/{id}). */
async function folderOf(page: Page, id: string): Promise<string | null> {
  const res = await page.request.get(`/api/transcription/tasks/${id}`, { headers: { authorization: `Bearer ${await token(page)}` } });
  const body = (await res.json()) as { code: number; data: { folder: { id: string } | null } };
  expect(body.code).toBe(200);
  return body.data.folder?.id ?? null;
}

const itemId = async (page: Page, title: string) => (await page.getByTestId("task-item").filter({ hasText: title }).first().getAttribute("data-task-id"))!;

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("an upload and a pasted text made while a folder is shown land in it; in All they stay uncategorized", async ({ page }) => {
    await signIn(page, "e2e-folders-filing@example.com");
    await pasteTasks(page, ["Filing earlier memo"]);
    const lectures = await apiFolder(page, "Lectures");
    await page.goto("/transcribe/");
    await page.getByTestId("notify-dismiss").click();
    await folderRow(page, "Lectures").locator("button").first().click();
    await expect(page.getByTestId("task-list-empty")).toBeVisible();

    // Upload a recording while "Lectures" is shown: it is listed there, and the server has it there.
    await openUpload(page, "audio");
    await page.getByTestId("upload-file-input").setInputFiles(path.join(CORPUS, "single/en_jfk.wav"));
    await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
    await page.getByTestId("upload-submit").click();
    await expect(page.getByTestId("task-item").filter({ hasText: "en_jfk" })).toBeVisible();
    await expect(folderCount(page, "Lectures")).toHaveText("1");
    expect(await folderOf(page, await itemId(page, "en_jfk"))).toBe(lectures);

    // Pasted text too.
    await pasteDocument(page, "Lecture notes on Mediterranean trade routes and ports\n\nThe second lecture covers salt, grain and copper.");
    const notes = page.getByTestId("task-item").filter({ hasText: "Lecture notes on Mediterranean" });
    await expect(notes).toBeVisible();
    await expect(page.getByTestId("task-item")).toHaveCount(2);
    await expect(folderCount(page, "Lectures")).toHaveText("2");
    expect(await folderOf(page, await itemId(page, "Lecture notes on Mediterranean"))).toBe(lectures);
    await expect(countOf(page, "uncategorized")).toHaveText("1");

    // The header at 1280 px: the whole title shows; move, collaborators and delete are in "More".
    await notes.getByTestId("task-open").click();
    const title = page.getByTestId("task-detail").getByTestId("task-title");
    await expect(title).toHaveText("Lecture notes on Mediterranean trade routes and ports");
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // "Back to the list" is for narrow windows only.
    await expect(page.getByTestId("task-detail-back")).toBeHidden();
    await expect(page.getByTestId("task-move")).toHaveCount(0);
    await closeToasts(page);
    await page.getByTestId("task-more").click();
    const menu = page.getByTestId("task-more-list");
    await expect(menu.getByRole("menuitem")).toHaveText(["Collaborators", "Move to a folder", "Delete"]);
    await expect(page.getByTestId("task-move")).toHaveAttribute("title", "Move to a folder (Folder: Lectures)");
    await page.screenshot({ path: docShot("task-header-1280-en.png") });
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByTestId("task-more")).toBeFocused();
    // In Chinese too.
    await switchLanguage(page, "zh");
    await closeToasts(page);
    await expect(page.getByTestId("task-more")).toHaveAttribute("aria-label", "更多操作");
    await page.getByTestId("task-more").click();
    await expect(menu.getByRole("menuitem")).toHaveText(["协作者", "移动到文件夹", "删除"]);
    await page.screenshot({ path: docShot("task-header-1280-zh.png") });
    await page.keyboard.press("Escape");
    await switchLanguage(page, "en");

    // In "All", a new paste stays uncategorized.
    await page.getByTestId("folder-sidebar").getByTestId("folder-view-all").locator("button").click();
    await pasteDocument(page, "Unfiled desk memo\n\nNothing to file here.");
    await expect(page.getByTestId("task-item").filter({ hasText: "Unfiled desk memo" })).toBeVisible();
    await expect(countOf(page, "uncategorized")).toHaveText("2");
    await expect(folderCount(page, "Lectures")).toHaveText("2");
    expect(await folderOf(page, await itemId(page, "Unfiled desk memo"))).toBeNull();
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a task is moved from its phone view; a paste and a link while a folder is picked land in it", async ({ page }) => {
    await signIn(page, "e2e-folders-phone-move@example.com");
    const [memo] = await pasteTasks(page, ["Phone filing memo"]);
    const trips = await apiFolder(page, "Trips");
    await page.goto("/transcribe/mobile");
    const picker = page.getByTestId("folder-picker");
    await expect(picker.locator("option")).toHaveText(["All (1)", "Uncategorized (1)", "Trips (0)"]);

    // Move it from its view: the folder button in the task header.
    await page.getByTestId("task-item").filter({ hasText: "Phone filing memo" }).getByTestId("task-open").click();
    const move = page.getByTestId("mobile-task").getByTestId("task-move");
    await expect(move).toHaveAttribute("aria-label", "Move to a folder");
    await move.click();
    await moveTo(page, "Trips");
    await expect(page.getByTestId("toast-message").filter({ hasText: "Moved to Trips" })).toBeVisible();
    await expect(move).toHaveAttribute("aria-label", "Move to a folder (Folder: Trips)");
    expect(await folderOf(page, memo!)).toBe(trips);
    // Nothing in the header is pushed off the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "folders-move-390-en.png");
    await page.getByTestId("mobile-back").click();
    await expect(picker.locator("option")).toHaveText(["All (1)", "Uncategorized (0)", "Trips (1)"]);

    // With "Trips" picked, a pasted text goes into it (and opens).
    await picker.selectOption(trips);
    await expect(page.getByTestId("task-item")).toHaveCount(1);
    await pasteDocument(page, "Packing list for the coast\n\nTickets, charger, a warm coat.");
    await expect(page.getByTestId("mobile-task")).toBeVisible();
    await page.getByTestId("mobile-back").click();
    await expect(page.getByTestId("task-item")).toHaveCount(2);
    await expect(page.getByTestId("task-list")).toContainText("Packing list for the coast");
    await expect(picker.locator("option")).toHaveText(["All (2)", "Uncategorized (0)", "Trips (2)"]);
    expect(await folderOf(page, await itemId(page, "Packing list"))).toBe(trips);

    // A video link (from the loopback site) too.
    await page.getByTestId("add-options-button").click();
    await page.getByTestId("add-option-link").click();
    await page.getByTestId("link-input").fill(`http://127.0.0.1:${E2E_VIDEO_SITE_PORT}/page/media.m4a`);
    await page.getByTestId("link-submit").click();
    await expect(page.getByTestId("link-dialog")).toHaveCount(0);
    await expect(page.getByTestId("mobile-task")).toBeVisible();
    expect(await folderOf(page, (await page.getByTestId("mobile-task").getAttribute("data-task-id"))!)).toBe(trips);
    await page.getByTestId("mobile-back").click();
    await expect(picker.locator("option")).toHaveText(["All (3)", "Uncategorized (0)", "Trips (3)"]);
  });
});
