import { expect, test, type Page } from "playwright/test";
import { pasteDocument, signIn } from "../helpers";

// Collaborators (issue 10): the owner adds a collaborator by email from the task's
// Collaborators dialog (bad inputs get their own messages); the collaborator, in
// another browser context, finds the task under "Shared with me" with the owner's
// name, opens and reads it, and sees the list read-only with no delete/share/rename;
// removed, they lose access at once.

const TITLE = "Lighthouse restoration meeting";
const TEXT = [
  TITLE,
  "Maria: The lighthouse roof needs new copper sheets before the winter storms arrive in November.",
  "Tom: The harbour council approved eight thousand euros for the roof and the lantern glass.",
  "Maria: Volunteers will paint the tower in May, and the museum opens again in June.",
  "Tom: I will send the signed contract to the council by Friday.",
].join("\n");

const stamp = Date.now();
const OWNER = `lh-owner-${stamp}@example.com`;
const CAROL = `lh-carol-${stamp}@example.com`;

/** The "Shared with me" entry that is visible at this width (sidebar or narrow-screen bar). */
const sharedEntry = (page: Page) => page.locator('[data-testid="shared-view"]:visible');

async function openCollaborators(page: Page) {
  // The entry is in the task header's "More" menu (open unless a test opened it already).
  const entry = page.getByTestId("collaborators-open");
  if (!(await entry.isVisible())) await page.getByTestId("task-more").click();
  await entry.click();
  await expect(page.getByTestId("collaborators-dialog")).toBeVisible();
  await expect(page.getByTestId("collaborator-list")).toBeVisible();
}

async function tryAdd(page: Page, identifier: string) {
  await page.getByTestId("collaborator-input").fill(identifier);
  await page.getByTestId("collaborator-add").click();
}

test("owner adds a collaborator, who opens the task under Shared with me; removed, they lose access", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  // Carol signs in once, so her account exists.
  const carolContext = await browser.newContext({ baseURL });
  const carol = await carolContext.newPage();
  await signIn(carol, CAROL);
  await sharedEntry(carol).click();
  await expect(carol.getByTestId("shared-list-empty")).toBeVisible();

  await signIn(page, OWNER);
  await pasteDocument(page, TEXT);
  const item = page.getByTestId("task-item").filter({ hasText: TITLE }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  const taskId = (await item.getAttribute("data-task-id"))!;

  await openCollaborators(page);
  const error = page.getByTestId("collaborator-error");
  await page.getByTestId("collaborator-add").click();
  await expect(error).toHaveText("Please enter an email address");
  await tryAdd(page, "not-an-email");
  await expect(error).toHaveText("Please enter a valid email address");
  await tryAdd(page, `nobody-${stamp}@example.com`);
  await expect(error).toHaveText("No user with this account was found; they need to sign in once first");
  // What was typed stays, so it can be corrected.
  await expect(page.getByTestId("collaborator-input")).toHaveValue(`nobody-${stamp}@example.com`);
  await tryAdd(page, OWNER);
  await expect(error).toHaveText("The owner cannot be added as a collaborator");

  await page.getByTestId("collaborators-dialog-close").click();
  // The owner summarises and ticks the to-do the text holds (Tom's promise).
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("todo-list")).toContainText("signed contract", { timeout: 90_000 });
  await page.getByTestId("todo-check").first().check();
  await expect(page.getByTestId("todo-check").first()).toBeChecked();
  await page.getByTestId("tab-original").click();
  await openCollaborators(page);

  await tryAdd(page, CAROL.toUpperCase());
  const carolRow = page.getByTestId("collaborator-item").filter({ hasText: CAROL });
  await expect(carolRow).toBeVisible();
  await expect(page.getByTestId("collaborator-input")).toHaveValue("");
  await expect(page.getByTestId("collaborator-item").first()).toHaveAttribute("data-owner", "true");
  await tryAdd(page, CAROL);
  await expect(error).toHaveText("This user is already a collaborator");
  await page.getByTestId("collaborators-dialog-close").click();

  // Carol: the task is under "Shared with me", marked with the owner's name, and opens.
  await carol.reload();
  await sharedEntry(carol).click();
  const shared = carol.getByTestId("task-item").filter({ hasText: TITLE });
  await expect(shared).toBeVisible();
  await expect(shared.getByTestId("task-shared-by")).toHaveText(`Shared by ${OWNER.split("@")[0]}`);
  await expect(shared.getByTestId("task-select")).toHaveCount(0);
  await shared.getByTestId("task-open").click();
  await expect(carol.getByTestId("task-detail")).toHaveAttribute("data-task-id", taskId);
  await expect(carol.getByTestId("shared-task-banner")).toContainText(OWNER.split("@")[0]!);
  await expect(carol.getByTestId("document-text")).toContainText("copper sheets");
  // She reads the summary and sees the owner's to-do ticked, but cannot tick or untick it.
  await carol.getByTestId("tab-summary").click();
  await expect(carol.getByTestId("shared-summary")).toBeVisible();
  await expect(carol.getByTestId("todo-list")).toContainText("signed contract");
  await expect(carol.getByTestId("todo-check").first()).toBeChecked();
  await expect(carol.getByTestId("todo-check").first()).toBeDisabled();
  await carol.getByTestId("tab-original").click();
  // Her "More" menu offers the collaborator list only: no move, no delete.
  await carol.getByTestId("task-more").click();
  await expect(carol.getByTestId("collaborators-open")).toBeVisible();
  for (const id of ["task-delete", "task-move", "share-open-dialog", "task-title-edit", "ask-ai-open"]) await expect(carol.getByTestId(id)).toHaveCount(0);
  // The list is read-only for her.
  await openCollaborators(carol);
  await expect(carol.getByTestId("collaborator-manager")).toHaveAttribute("data-owner", "false");
  await expect(carol.getByTestId("collaborator-add-form")).toHaveCount(0);
  await expect(carol.getByTestId("collaborator-remove")).toHaveCount(0);
  await expect(carol.getByTestId("collaborator-item")).toHaveCount(2);
  await carol.getByTestId("collaborators-dialog-close").click();
  // Her own list does not hold it.
  await carol.goto("/transcribe/");
  await expect(carol.getByTestId("task-list-empty")).toBeVisible();

  // The owner removes her, after a confirmation.
  await openCollaborators(page);
  await carolRow.getByTestId("collaborator-remove").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText(CAROL.split("@")[0]!);
  await page.getByTestId("confirm-ok").click();
  await expect(carolRow).toHaveCount(0);
  await expect(page.getByTestId("collaborator-item")).toHaveCount(1);

  // Carol has lost access: not in Shared with me, and the task's address no longer opens it.
  await carol.reload();
  await sharedEntry(carol).click();
  await expect(carol.getByTestId("shared-list-empty")).toBeVisible();
  await carol.goto(`/transcribe/?task=${taskId}`);
  await expect(carol.getByTestId("task-detail-error")).toBeVisible();
  await expect(carol.getByText("copper sheets")).toHaveCount(0);
  await carolContext.close();
});

test("on a phone, a collaborator opens the shared task from the mobile home, read-only; the owner's messages are in Chinese", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const phoneUser = `lh-phone-${stamp}@example.com`;
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await signIn(phone, phoneUser);
  await expect(phone.getByTestId("mobile-home")).toBeVisible();

  // The owner works in Chinese: the form's own check and the server's refusals both speak it.
  const ownerContext = await browser.newContext({ baseURL, locale: "zh-CN" });
  await ownerContext.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
  const page = await ownerContext.newPage();
  await signIn(page, `lh-owner2-${stamp}@example.com`);
  await pasteDocument(page, TEXT.replace(TITLE, "Harbour festival plan"));
  const item = page.getByTestId("task-item").filter({ hasText: "Harbour festival plan" }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await openCollaborators(page);
  await tryAdd(page, "not-an-email");
  await expect(page.getByTestId("collaborator-error")).toHaveText("请输入有效的邮箱地址");
  await tryAdd(page, `nobody-zh-${stamp}@example.com`);
  await expect(page.getByTestId("collaborator-error")).toHaveText("未找到该账号的用户，对方需要先登录一次");
  await tryAdd(page, phoneUser);
  await expect(page.getByTestId("collaborator-item").filter({ hasText: phoneUser })).toBeVisible();
  await ownerContext.close();

  await phone.reload();
  await sharedEntry(phone).click();
  const shared = phone.getByTestId("task-item").filter({ hasText: "Harbour festival plan" });
  await expect(shared.getByTestId("task-shared-by")).toHaveText(`Shared by lh-owner2-${stamp}`);
  await shared.getByTestId("task-open").click();
  await expect(phone.getByTestId("mobile-task")).toBeVisible();
  await expect(phone.getByTestId("shared-task-banner")).toBeVisible();
  await expect(phone.getByTestId("task-title")).toHaveText("Harbour festival plan");
  await expect(phone.getByTestId("task-title-edit")).toHaveCount(0);
  await phoneContext.close();
});
