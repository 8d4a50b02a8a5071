import path from "node:path";
import { expect, test, type Browser, type Page } from "playwright/test";
import { E2E_SERVERS } from "../env";
import { CORPUS, signIn } from "../helpers";
import { sql, userId } from "../account/db";
import { locales } from "@/lib/i18n/locales";

// Issue 25 "Offer only what works": what is not set up is said before the user spends effort.
// Each check runs at the width and language where the walk found it.

const clips = [path.join(CORPUS, "single/en_jfk.wav"), path.join(CORPUS, "single/en_LDC93S1.wav")];
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
type Lang = "en" | "zh" | "de";

async function pageFor(browser: Browser, opts: { lang: Lang; viewport: { width: number; height: number }; baseURL?: string }): Promise<Page> {
  const baseURL = opts.baseURL ?? E2E_SERVERS.local.baseUrl;
  const context = await browser.newContext({ baseURL, viewport: opts.viewport, locale: { en: "en-US", zh: "zh-CN", de: "de-DE" }[opts.lang], isMobile: opts.viewport.width < 600, hasTouch: opts.viewport.width < 600 });
  await context.addCookies([{ name: "NEXT_LOCALE", value: opts.lang, url: baseURL }]);
  return context.newPage();
}

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
const token = (page: Page) => page.evaluate(() => localStorage.getItem("auth:token"));

async function pasteTask(page: Page, text: string): Promise<string> {
  const res = await page.request.post("/api/transcription/paste-text", { headers: { authorization: `Bearer ${await token(page)}` }, data: { text } });
  const body = await res.json();
  expect(body.code).toBe(200);
  return body.data.task.id as string;
}

test("the New menu offers no meeting when no meeting-bot provider is set up (1366 en), and does when one is", async ({ browser }) => {
  const page = await pageFor(browser, { lang: "en", viewport: DESKTOP, baseURL: E2E_SERVERS.ai.baseUrl });
  await signIn(page, `e2e-offer-menu-${Date.now()}@example.com`);
  await page.getByTestId("add-options-button").click();
  await expect(page.getByTestId("add-option-document")).toBeVisible();
  await expect(page.getByTestId("add-option-meeting")).toHaveCount(0);
  await shot(page, "new-menu-no-meeting-1366-en");
  await page.context().close();

  // The local server has the fake meeting-bot provider: there the option is offered.
  const local = await pageFor(browser, { lang: "en", viewport: DESKTOP });
  await signIn(local, `e2e-offer-menu-bot-${Date.now()}@example.com`);
  await local.getByTestId("add-options-button").click();
  await expect(local.getByTestId("add-option-meeting")).toBeVisible();
  await local.context().close();
});

for (const lang of ["en", "zh"] as const) {
  test(`without an AI provider the translation panel says so up front, with no picker or button (1366 ${lang})`, async ({ browser }) => {
    const page = await pageFor(browser, { lang, viewport: DESKTOP });
    await signIn(page, `e2e-offer-translate-${lang}-${Date.now()}@example.com`);
    await pasteTask(page, "Translation check\n\nAlice: The launch moves to April.\nBob: Then the budget review comes first.");
    await page.reload();
    const item = page.getByTestId("task-item").filter({ hasText: "Translation check" }).first();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await item.getByTestId("task-open").click();
    const line = page.getByTestId("translation-unavailable");
    await expect(line).toBeVisible();
    await expect(line).toHaveText(lang === "en" ? "Translation needs an AI provider, and none is configured on this server" : "翻译需要 AI 服务，但本服务器尚未配置");
    await expect(page.getByTestId("translation-language")).toHaveCount(0);
    await expect(page.getByTestId("translation-start")).toHaveCount(0);
    await shot(page, `translation-unavailable-1366-${lang}`);
    await page.context().close();
  });
}

for (const [lang, viewport, label] of [["en", DESKTOP, "1366"], ["zh", PHONE, "390"]] as const) {
  test(`a free user's upload dialog shows the plan's limits before files are chosen and offers no upload the plan refuses (${label} ${lang})`, async ({ browser }) => {
    const page = await pageFor(browser, { lang, viewport });
    await signIn(page, `e2e-offer-free-${lang}-${Date.now()}@example.com`);
    const creates: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/transcription/create")) creates.push(r.url());
    });
    await page.getByTestId("add-options-button").click();
    await page.getByTestId("add-option-audio").click();
    const limits = page.getByTestId("upload-limits");
    await expect(limits).toHaveAttribute("data-plan", "free");
    await expect(limits).toContainText(lang === "en" ? "Free plan: one file at a time (or up to 10 merged into one task), up to 100 MB each" : "免费版：每次 1 个文件（或最多 10 个合并为一个任务），每个不超过 100 MB");
    await expect(page.getByTestId("upload-minutes-left")).toContainText(lang === "en" ? "300 minutes left this month" : "本月还剩 300 分钟");
    await shot(page, `upload-free-limits-${label}-${lang}`);

    // The clips are English (the built-in engine hears English only; the Chinese page defaults to Chinese).
    await page.getByTestId("upload-language").selectOption("en");
    await page.getByTestId("upload-file-input").setInputFiles(clips);
    await expect(page.getByTestId("upload-file-row")).toHaveCount(2);
    await expect(page.getByTestId("upload-plan-refusal")).toHaveAttribute("data-key", "upload.batchNeedsPro");
    await expect(page.getByTestId("upload-submit")).toBeDisabled();
    await page.getByTestId("upload-plan-refusal").scrollIntoViewIfNeeded();
    await shot(page, `upload-free-refusal-${label}-${lang}`);
    // Merging the two into one task is allowed on the free plan: then the upload is offered.
    await page.getByTestId("upload-merge-toggle").click();
    await expect(page.getByTestId("upload-plan-refusal")).toHaveCount(0);
    await expect(page.getByTestId("upload-submit")).toBeEnabled();
    expect(creates).toHaveLength(0);
    await page.context().close();
  });
}

test("delete → Recently deleted → restore, and Delete forever (1366 en)", async ({ browser }) => {
  const page = await pageFor(browser, { lang: "en", viewport: DESKTOP });
  await signIn(page, `e2e-offer-deleted-${Date.now()}@example.com`);
  await pasteTask(page, "Kept for later\n\nAlice: Keep this one.");
  await pasteTask(page, "Gone for good\n\nBob: Not this one.");
  await page.reload();
  for (const title of ["Kept for later", "Gone for good"]) {
    const item = page.getByTestId("task-item").filter({ hasText: title }).first();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await item.getByTestId("task-open").click();
    await expect(page.getByTestId("task-detail")).toBeVisible();
    await page.getByTestId("task-more").click();
    await page.getByTestId("task-delete").click();
    await expect(page.getByTestId("confirm-dialog")).toContainText("Recently deleted for 30 days");
    await page.getByTestId("confirm-ok").click();
    await expect(page.getByTestId("task-item").filter({ hasText: title })).toHaveCount(0);
  }

  await page.getByTestId("recently-deleted-entry").first().click();
  const dialog = page.getByTestId("recently-deleted-dialog");
  await expect(dialog.getByTestId("recently-deleted-item")).toHaveCount(2);
  await expect(dialog).toContainText("Removed for good on");
  await shot(page, "recently-deleted-1366-en");
  await dialog.getByTestId("recently-deleted-item").filter({ hasText: "Kept for later" }).getByTestId("recently-deleted-restore").click();
  await expect(dialog.getByTestId("recently-deleted-item")).toHaveCount(1);
  await dialog.getByTestId("recently-deleted-item").filter({ hasText: "Gone for good" }).getByTestId("recently-deleted-forever").click();
  await page.getByTestId("confirm-ok").click();
  await expect(dialog.getByTestId("recently-deleted-empty")).toBeVisible();
  await dialog.getByTestId("recently-deleted-close").click();
  await expect(page.getByTestId("task-item").filter({ hasText: "Kept for later" })).toHaveAttribute("data-status", "completed");
  await expect(page.getByTestId("task-item").filter({ hasText: "Gone for good" })).toHaveCount(0);
  await page.context().close();
});

test("on a phone, Recently deleted lists a deleted task and restores it (390 zh)", async ({ browser }) => {
  const page = await pageFor(browser, { lang: "zh", viewport: PHONE });
  const email = `e2e-offer-deleted-phone-${Date.now()}@example.com`;
  await signIn(page, email);
  const id = await pasteTask(page, "手机上恢复\n\n甲：这个任务先删除再恢复。");
  await expect.poll(async () => (await sql<{ status: string }>(`SELECT status FROM "Task" WHERE id=$1`, [id]))[0]?.status, { timeout: 120_000 }).toBe("completed");
  const del = await page.request.post("/api/transcription/tasks/delete-batch", { headers: { authorization: `Bearer ${await token(page)}` }, data: { ids: [id] } });
  expect((await del.json()).code).toBe(200);
  expect((await sql(`SELECT id FROM "Task" WHERE id=$1 AND "userId"=$2 AND "deletedAt" IS NOT NULL`, [id, await userId(email)])).length).toBe(1);
  await page.goto("/transcribe/mobile");
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  await expect(page.getByTestId("task-item")).toHaveCount(0);
  await page.getByTestId("recently-deleted-entry").click();
  const dialog = page.getByTestId("recently-deleted-dialog");
  await expect(dialog.getByTestId("recently-deleted-item")).toHaveCount(1);
  await expect(dialog).toContainText("最近删除");
  await shot(page, "recently-deleted-390-zh");
  await dialog.getByTestId("recently-deleted-restore").click();
  await expect(dialog.getByTestId("recently-deleted-empty")).toBeVisible();
  await dialog.getByTestId("recently-deleted-close").click();
  await expect(page.getByTestId("task-item").filter({ hasText: "手机上恢复" })).toBeVisible();
  await page.context().close();
});

for (const width of [1366, 1280]) {
  for (const lang of ["en", "zh", "de"] as const) {
    test(`the header keeps one row: nothing wraps or is cut (${width} ${lang})`, async ({ browser }) => {
      const page = await pageFor(browser, { lang, viewport: { width, height: 900 } });
      // A short address, as the walk's user had: it must show whole.
      await signIn(page, `w${width}${lang}${Date.now() % 100000}@ex.com`);
      const header = page.getByTestId("app-header");
      await expect(page.getByTestId("usage-value")).toBeVisible();
      const m = await header.evaluate((h) => {
        const q = (id: string) => h.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
        const usage = q("usage-indicator");
        const label = usage.querySelector<HTMLElement>("span")!;
        const name = q("user-name");
        return {
          headerHeight: h.getBoundingClientRect().height,
          headerOverflow: h.scrollWidth - h.clientWidth,
          labelHeight: label.getBoundingClientRect().height,
          valueHeight: q("usage-value").getBoundingClientRect().height,
          nameCut: name.scrollWidth - name.clientWidth,
          buttons: Array.from(h.querySelectorAll<HTMLElement>(":scope > button")).map((b) => Math.round(b.getBoundingClientRect().height)),
        };
      });
      test.info().annotations.push({ type: "header", description: JSON.stringify(m) });
      expect(m.headerHeight).toBeLessThanOrEqual(61);
      expect(m.headerOverflow).toBeLessThanOrEqual(0);
      // One line of 12 px text each.
      expect(m.labelHeight).toBeLessThan(20);
      expect(m.valueHeight).toBeLessThan(20);
      expect(m.nameCut).toBeLessThanOrEqual(0);
      for (const h of m.buttons) expect(h).toBeLessThanOrEqual(40);
      if (width === 1366 || lang === "de") await header.screenshot({ path: test.info().outputPath(`header-${width}-${lang}.png`) });
      await page.context().close();
    });
  }
}

test("at 1366 px every language leaves the search box room to type in (the language picker is the globe alone)", async ({ browser }) => {
  // Spanish had 31 px of search box beside "Vocabulario personalizado" and "Español"; Russian 70, Italian 79.
  const page = await pageFor(browser, { lang: "en", viewport: DESKTOP });
  await signIn(page, `maria.garcia${Date.now() % 100000}@example.com`);
  for (const lang of locales) {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: lang, url: E2E_SERVERS.local.baseUrl }]);
    await page.goto("/transcribe/");
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const header = page.getByTestId("app-header");
    await expect(page.getByTestId("usage-value")).toBeVisible();
    const m = await header.evaluate((h) => ({
      height: h.getBoundingClientRect().height,
      overflow: h.scrollWidth - h.clientWidth,
      search: h.querySelector<HTMLInputElement>('[data-testid="search-box"] input')!.getBoundingClientRect().width,
    }));
    expect(m.height, lang).toBeLessThanOrEqual(61);
    expect(m.overflow, lang).toBeLessThanOrEqual(0);
    expect(m.search, lang).toBeGreaterThanOrEqual(160);
    if (lang === "es") await header.screenshot({ path: test.info().outputPath("header-1366-es.png") });
  }
  // The globe alone still changes the language.
  await page.getByTestId("language-switcher").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.context().close();
});
