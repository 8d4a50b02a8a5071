// Steps the folder specs share (folders.spec.ts, filing.spec.ts).
import { expect, type Page } from "playwright/test";
import { docShot } from "../helpers";


export async function token(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem("auth:token")))!;
}

/** Pasted texts become tasks without any audio work; resolves with their ids. */
export async function pasteTasks(page: Page, titles: string[]): Promise<string[]> {
  const auth = { authorization: `Bearer ${await token(page)}` };
  const ids: string[] = [];
  for (const title of titles) {
    const res = await page.request.post("/api/transcription/paste-text", { headers: auth, data: { title, text: `${title}.\nA few words filed under a folder.` } });
    const body = (await res.json()) as { code: number; data: { id?: string; task?: { id: string }; tasks?: { id: string }[] } };
    expect(body.code).toBe(200);
    ids.push(body.data.id ?? body.data.task?.id ?? body.data.tasks![0]!.id);
  }
  return ids;
}

/** Closes the passing toasts (a click outside also closes an open menu: call it before opening one). */
export async function closeToasts(page: Page) {
  // A toast may leave on its own meanwhile: a short click timeout, no wait for it.
  for (const close of await page.getByTestId("toast-close").all()) await close.click({ timeout: 1000 }).catch(() => undefined);
  await expect(page.getByTestId("toast")).toHaveCount(0);
}

/** A screenshot of the page without passing toasts (they would show the language before a switch). */
export async function shot(page: Page, name: string) {
  await closeToasts(page);
  await page.screenshot({ path: docShot(name) });
}

export async function switchLanguage(page: Page, locale: string) {
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user/language" && r.ok());
  await page.getByTestId("language-switcher").selectOption(locale);
  await saved;
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
}

export const sidebar = (page: Page) => page.getByTestId("folder-sidebar");
export const folderRow = (page: Page, name: string) => sidebar(page).locator(`[data-testid="folder-item"][data-folder-name="${name}"]`);
export const countOf = (page: Page, view: "all" | "uncategorized") => sidebar(page).getByTestId(`folder-view-${view}`).getByTestId("folder-count");

export async function createFolder(page: Page, name: string) {
  await sidebar(page).getByTestId("folder-new").click();
  await page.getByTestId("folder-name-input").fill(name);
  await page.getByTestId("folder-name-submit").click();
}

export async function moveTo(page: Page, folder: string) {
  const dialog = page.getByTestId("folder-move-dialog");
  await expect(dialog).toBeVisible();
  await dialog.locator(`[data-testid="folder-move-option"][data-folder-name="${folder}"]`).click();
  await dialog.getByTestId("folder-move-submit").click();
  await expect(dialog).toBeHidden();
}

/** A folder's count in the sidebar. */
export const folderCount = (page: Page, name: string) => folderRow(page, name).getByTestId("folder-count");

/** An owned folder made through the API; resolves with its id. */
export async function apiFolder(page: Page, name: string): Promise<string> {
  const res = await page.request.post("/api/folder", { headers: { authorization: `Bearer ${await token(page)}` }, data: { name } });
  const body = (await res.json()) as { code: number; data: { id: string } };
  expect(body.code).toBe(200);
  return body.data.id;
}
