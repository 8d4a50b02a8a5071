import { expect, test, type Route } from "playwright/test";
import { signIn } from "../helpers";
import { countOf, createFolder, folderRow, moveTo, pasteTasks, shot, sidebar, switchLanguage, token } from "./folder-steps";

// Folders (issue 10): create, rename, move one task and several, delete (the
// recordings stay, in Uncategorized), the counts, the views; the picker on a
// phone. Screenshots of the sidebar at 1280 and 390 px, in English and Chinese.

test.describe("desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("create, rename, move one and several, delete; counts and views follow", async ({ page }) => {
    await signIn(page, "e2e-folders@example.com");
    await pasteTasks(page, ["Folders Alpha memo", "Folders Beta memo", "Folders Gamma memo"]);
    await page.goto("/transcribe/");
    await expect(sidebar(page)).toBeVisible();
    await page.getByTestId("notify-dismiss").click();
    await expect(countOf(page, "all")).toHaveText("3");
    await expect(countOf(page, "uncategorized")).toHaveText("3");

    // Create: empty is refused in place; the name is trimmed.
    await sidebar(page).getByTestId("folder-new").click();
    await page.getByTestId("folder-name-submit").click();
    await expect(page.getByTestId("folder-name-error")).toHaveText("Folder name cannot be empty");
    await page.getByTestId("folder-name-input").fill("  Clients  ");
    await page.getByTestId("folder-name-submit").click();
    await expect(page.getByTestId("folder-name-dialog")).toBeHidden();
    await expect(folderRow(page, "Clients").getByTestId("folder-count")).toHaveText("0");

    // The same name in another case: the server's message, and the typed name stays.
    await createFolder(page, "clients");
    await expect(page.getByTestId("folder-name-error")).toHaveText('A folder named "clients" already exists');
    await expect(page.getByTestId("folder-name-input")).toHaveValue("clients");
    await page.getByTestId("folder-name-input").fill("Research");
    await page.getByTestId("folder-name-submit").click();
    await expect(folderRow(page, "Research")).toBeVisible();

    // Move one task from its header. The list's reload is held back (as on a slow
    // network): the reopened dialog must still know the task's new folder.
    const slowList = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => undefined);
    };
    const alpha = page.getByTestId("task-item").filter({ hasText: "Folders Alpha memo" });
    await alpha.getByTestId("task-open").click();
    await page.getByTestId("task-more").click();
    await page.getByTestId("task-move").click();
    await page.route(/\/api\/transcription\/tasks\?/, slowList);
    await moveTo(page, "Clients");
    await expect(page.getByTestId("toast-message").filter({ hasText: "Moved to Clients" })).toBeVisible();
    await expect(folderRow(page, "Clients").getByTestId("folder-count")).toHaveText("1");
    await expect(countOf(page, "uncategorized")).toHaveText("2");
    // Its own folder is marked and cannot be chosen again.
    await page.getByTestId("task-more").click();
    await page.getByTestId("task-move").click();
    const current = page.getByTestId("folder-move-dialog").locator('[data-testid="folder-move-option"][data-folder-name="Clients"]');
    await expect(current).toContainText("current");
    await expect(current.locator("input")).toBeDisabled();
    await page.keyboard.press("Escape");
    await page.unroute(/\/api\/transcription\/tasks\?/, slowList);

    // Move several at once from the bulk bar.
    for (const title of ["Folders Beta memo", "Folders Gamma memo"]) await page.getByTestId("task-item").filter({ hasText: title }).getByTestId("task-select").check();
    await page.getByTestId("task-bulk-move").click();
    await expect(page.getByTestId("folder-move-dialog")).toContainText("Move 2 files to");
    await moveTo(page, "Research");
    await expect(page.getByTestId("toast-message").filter({ hasText: "2 files moved to Research" })).toBeVisible();
    await expect(folderRow(page, "Research").getByTestId("folder-count")).toHaveText("2");
    await expect(countOf(page, "uncategorized")).toHaveText("0");
    await expect(page.getByTestId("task-bulk-bar")).toBeHidden();

    // Views: a folder, uncategorized, all.
    await folderRow(page, "Research").locator("button").first().click();
    await expect(page.getByTestId("task-item")).toHaveCount(2);
    await expect(page.getByTestId("task-list")).not.toContainText("Folders Alpha memo");
    await sidebar(page).getByTestId("folder-view-uncategorized").locator("button").click();
    await expect(page.getByTestId("task-list-empty")).toBeVisible();
    await sidebar(page).getByTestId("folder-view-all").locator("button").click();
    await expect(page.getByTestId("task-item")).toHaveCount(3);

    // Rename.
    await folderRow(page, "Research").hover();
    await folderRow(page, "Research").getByTestId("folder-rename").click();
    await expect(page.getByTestId("folder-name-input")).toHaveValue("Research");
    await page.getByTestId("folder-name-input").fill("Research 2026");
    await page.getByTestId("folder-name-submit").click();
    await expect(folderRow(page, "Research 2026").getByTestId("folder-count")).toHaveText("2");
    await expect(folderRow(page, "Research")).toHaveCount(0);

    await folderRow(page, "Research 2026").locator("button").first().click();
    await expect(page.getByTestId("task-item")).toHaveCount(2);
    await shot(page, "folders-1280-en.png");

    // Delete while it is shown: the confirmation says the recordings stay; they go to Uncategorized.
    await folderRow(page, "Research 2026").hover();
    await folderRow(page, "Research 2026").getByTestId("folder-delete").click();
    await expect(page.getByTestId("folder-delete-message")).toContainText("Its 2 recordings are kept and moved to Uncategorized. No recording is deleted.");
    await page.getByTestId("confirm-ok").click();
    await expect(folderRow(page, "Research 2026")).toHaveCount(0);
    await expect(countOf(page, "uncategorized")).toHaveText("2");
    await expect(countOf(page, "all")).toHaveText("3");
    // The list went back to "All", with every task still there.
    await expect(sidebar(page).getByTestId("folder-view-all").locator("button")).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("task-item")).toHaveCount(3);

    await switchLanguage(page, "zh");
    await expect(sidebar(page).getByTestId("folder-view-uncategorized")).toContainText("未分类");
    await expect(sidebar(page).getByTestId("folder-view-all")).toContainText("全部");
    await shot(page, "folders-1280-zh.png");
    await switchLanguage(page, "en");
  });
});

test.describe("narrow window", () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test("below 900 px the sidebar becomes a select with the same views and counts", async ({ page }) => {
    await signIn(page, "e2e-folders-narrow@example.com");
    const [first] = await pasteTasks(page, ["Narrow filed memo", "Narrow loose memo"]);
    const auth = { authorization: `Bearer ${await token(page)}` };
    const folder = (await (await page.request.post("/api/folder", { headers: auth, data: { name: "Board" } })).json()) as { data: { id: string } };
    await page.request.post(`/api/folder/${first}/move`, { headers: auth, data: { folderId: folder.data.id } });

    await page.goto("/transcribe/");
    const picker = page.getByTestId("folder-picker-compact");
    await expect(picker).toBeVisible();
    await expect(sidebar(page).getByTestId("folder-view-all")).toBeHidden();
    await expect(picker.locator("option")).toHaveText(["All (2)", "Uncategorized (1)", "Board (1)"]);
    await picker.selectOption(folder.data.id);
    await expect(page.getByTestId("task-item")).toHaveCount(1);
    await expect(page.getByTestId("task-list")).toContainText("Narrow filed memo");
    // A task opens over the list, with its way back.
    await page.getByTestId("task-open").click();
    await expect(page.getByTestId("task-detail-back")).toBeVisible();
    await page.getByTestId("task-detail-back").click();
    await expect(page.getByTestId("task-list")).toBeVisible();
    // Nothing is wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  });
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the folder picker shows one folder's tasks, uncategorized ones, or all", async ({ page }) => {
    await signIn(page, "e2e-folders-mobile@example.com");
    const [first, second] = await pasteTasks(page, ["Phone folder memo", "Phone loose memo"]);
    const auth = { authorization: `Bearer ${await token(page)}` };
    const folder = (await (await page.request.post("/api/folder", { headers: auth, data: { name: "Travel" } })).json()) as { data: { id: string } };
    expect((await (await page.request.post(`/api/folder/${first}/move`, { headers: auth, data: { folderId: folder.data.id } })).json()).code).toBe(200);

    await page.goto("/transcribe/mobile");
    const picker = page.getByTestId("folder-picker");
    await expect(picker).toBeVisible();
    await expect(page.getByTestId("task-item")).toHaveCount(2);
    await expect(picker.locator("option")).toHaveText(["All (2)", "Uncategorized (1)", "Travel (1)"]);

    await picker.selectOption(folder.data.id);
    await expect(page.getByTestId("task-item")).toHaveCount(1);
    await expect(page.getByTestId("task-list")).toContainText("Phone folder memo");
    await shot(page, "folders-390-en.png");

    await picker.selectOption("uncategorized");
    await expect(page.getByTestId("task-item")).toHaveCount(1);
    await expect(page.getByTestId("task-list")).toContainText("Phone loose memo");
    expect(second).toBeTruthy();

    await picker.selectOption(folder.data.id);
    await switchLanguage(page, "zh");
    await expect(picker.locator("option").first()).toHaveText("全部 (2)");
    await expect(page.getByTestId("task-item")).toHaveCount(1);
    await shot(page, "folders-390-zh.png");
    await switchLanguage(page, "en");
  });
});
