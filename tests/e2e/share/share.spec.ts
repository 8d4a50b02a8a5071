import { expect, test, type Browser, type Page } from "playwright/test";
import { docShot, pasteDocument, signIn } from "../helpers";

// Share links (issue 10): the owner makes a link once the summary exists; the link,
// opened signed out in a fresh browser context, shows the title, the summary and the
// mind map and nothing else, under the page CSP; switched off it says so at once;
// switched on again the same URL works. Screenshots of the share page go to docs/.

const TITLE = "Orchard cooperative planning";
const TEXT = [
  TITLE,
  "Anna: This season the orchard cooperative will plant two hundred new apple trees along the river field.",
  "Ben: The irrigation pipes must be repaired before planting starts in April, otherwise the young trees will dry out.",
  "Anna: We agreed that Carla orders the pipes this week and the volunteers meet every Saturday morning.",
  "Ben: The budget for trees and pipes is twelve thousand euros, shared between the members and a regional grant.",
  "Anna: Next month we decide whether to open a farm shop at the main gate for the autumn harvest.",
].join("\n");


/** Records CSP violations (events and console lines), as tests/e2e/security/headers.spec.ts does. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const lines: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(m.text())) lines.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...lines, ...(await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []))];
}

/** A signed-out visitor in a fresh context (no stored token, no cookies), optionally in another language. */
async function visitor(browser: Browser, baseURL: string, locale = "en") {
  const context = await browser.newContext({ baseURL, locale: locale === "zh" ? "zh-CN" : "en-US" });
  await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL }]);
  const page = await context.newPage();
  const apiCalls: string[] = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith("/api/")) apiCalls.push(`${r.method()} ${u.pathname} ${r.headers().authorization ? "auth" : ""}`.trim());
  });
  return { context, page, apiCalls };
}

/**
 * The page streams in behind app/transcribe/loading.tsx; while React reveals the streamed
 * content, the hidden copy and the revealed one may both be in the DOM for a moment.
 * Settled: the document has loaded, no streamed part waits hidden, and there is one page.
 */
async function settled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.readyState === "complete" && !document.querySelector('div[hidden][id^="S:"]') && document.querySelectorAll('[data-testid="share-page"]').length === 1))
    .toBe(true);
}

async function expectSharedView(page: Page) {
  await settled(page);
  await expect(page.getByTestId("share-page")).toHaveAttribute("data-state", "shared");
  await expect(page.getByTestId("share-title")).toHaveText(TITLE);
  await expect(page.getByTestId("share-summary").locator("h1, h2, h3").first()).toBeVisible();
  await expect(page.locator('[data-testid="mindmap"] .markmap-node').first()).toBeVisible();
  // Nothing but the summary and the map: no player, no transcript, no document text, no translation.
  for (const id of ["media-player", "transcript-entry", "document-text", "translation-bar", "task-detail"]) await expect(page.getByTestId(id)).toHaveCount(0);
  await expect(page.locator("audio, video")).toHaveCount(0);
}

test("the owner shares a summary; signed out, the link shows title, summary and mind map only; off and on again", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, "e2e-share-owner@example.com");
  await pasteDocument(page, TEXT);
  const item = page.getByTestId("task-item").filter({ hasText: TITLE }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });

  // Before the summary, the dialog says a summary is needed first.
  await page.getByTestId("share-open-dialog").click();
  await expect(page.getByTestId("share-needs-summary")).toBeVisible();
  await expect(page.getByTestId("share-create")).toBeDisabled();
  await page.getByTestId("share-dialog-close").click();

  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 120_000 });
  // The detail reloads the task with its summary when the analysis ends.
  await expect(item).toHaveAttribute("data-status", "analysis_completed", { timeout: 30_000 });

  // Create the link, copy it.
  await page.getByTestId("share-open-dialog").click();
  await page.getByTestId("share-create").click();
  const urlField = page.getByTestId("share-url");
  await expect(urlField).toHaveValue(/\/transcribe\/show\/\d{4}-\d{2}-\d{2}\/orchard-cooperative-planning-[A-Za-z0-9_-]{24}$/);
  const url = await urlField.inputValue();
  expect(url.startsWith(baseURL!)).toBe(true);
  await page.getByTestId("share-copy").click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expect(page.getByTestId("share-indexing")).not.toBeChecked();

  // A fresh signed-out browser: the page renders on the server, under the CSP.
  const en = await visitor(browser, baseURL!);
  const violations = await watchCsp(en.page);
  const res = await en.page.goto(url);
  expect(res!.status()).toBe(200);
  expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  await expectSharedView(en.page);
  expect(en.page.url()).toBe(url); // not sent to the login page
  // Link previews and no indexing.
  await expect(en.page.locator('meta[property="og:title"]')).toHaveAttribute("content", TITLE);
  await expect(en.page.locator('meta[property="og:description"]')).toHaveAttribute("content", /\S{10,}/);
  await expect(en.page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary");
  await expect(en.page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  // The page itself fetches nothing of the task, and never with a token.
  expect(en.apiCalls.filter((c) => /tasks\/|media|auth/.test(c))).toEqual([]);
  const token = url.slice(-24);
  // The one-segment form and the share page.
  await en.page.goto(`/transcribe/show/${token}`);
  await expectSharedView(en.page);
  await en.page.goto(`/transcribe/share?token=${token}`);
  await expectSharedView(en.page);
  // A title and a date without the token find nothing.
  await en.page.goto(url.slice(0, -25));
  await settled(en.page);
  await expect(en.page.getByTestId("share-page")).toHaveAttribute("data-error", "share.linkInvalid");

  // Screenshots at desktop and phone widths (English here; Chinese in the next test).
  for (const width of [1280, 390]) {
    await en.page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await en.page.goto(url);
    await expectSharedView(en.page);
    await en.page.waitForTimeout(600); // markmap's fit animation
    await en.page.screenshot({ path: docShot(`share-${width}-en.png`), fullPage: true });
  }
  const zh = await visitor(browser, baseURL!, "zh");
  // Switched off: the link answers at once that the content is not here.
  await page.getByTestId("share-enabled").click();
  await expect(page.getByTestId("share-link-section")).toHaveAttribute("data-state", "disabled");
  await en.page.goto(url);
  await settled(en.page);
  await expect(en.page.getByTestId("share-unavailable")).toHaveText("Content not found on this host (the publisher may have disabled sharing)");
  await expect(en.page.getByTestId("share-title")).toHaveCount(0);
  await zh.page.goto(url);
  await settled(zh.page);
  await expect(zh.page.getByTestId("share-unavailable")).toHaveText("此主机上未找到该内容（发布者可能已关闭分享）");

  // On again: the same URL, working again.
  await page.getByTestId("share-enabled").click();
  await expect(page.getByTestId("share-link-section")).toHaveAttribute("data-state", "enabled");
  await expect(urlField).toHaveValue(url);
  await en.page.goto(url);
  await expectSharedView(en.page);

  // The indexing opt-in lifts noindex.
  await page.getByTestId("share-indexing").click();
  await expect(page.getByTestId("share-indexing")).toBeChecked();
  await en.page.goto(url);
  await expect(en.page.locator('meta[name="robots"]')).toHaveAttribute("content", /(^|,\s*)index/);

  expect(await violations()).toEqual([]);
  await en.context.close();
  await zh.context.close();
});

const ZH_TITLE = "果园合作社春季计划";
const ZH_TEXT = [
  ZH_TITLE,
  "安娜：今年春天合作社要在河边的田里种两百棵新的苹果树。",
  "本：种树之前必须先修好灌溉水管，否则小树会干死。",
  "安娜：我们商定卡拉这周订购水管，志愿者每周六上午集合。",
  "本：树苗和水管的预算是一万二千欧元，由成员和地区补助共同承担。",
  "安娜：下个月我们决定是否在大门口开一家农场小店，卖秋天的收成。",
].join("\n");

test("a Chinese summary, shared: the page reads in Chinese, HTML in the summary stays text, and link previews reach crawlers", async ({ page, browser, baseURL }) => {
  test.setTimeout(300_000);
  await signIn(page, "e2e-share-zh@example.com");
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user/language" && r.ok());
  await page.getByTestId("language-switcher").selectOption("zh");
  await saved;
  await pasteDocument(page, ZH_TEXT);
  const item = page.getByTestId("task-item").filter({ hasText: ZH_TITLE }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  const summary = page.getByTestId("summary-content");
  await expect(summary).toContainText("概述", { timeout: 120_000 });

  await page.getByTestId("share-open-dialog").click();
  // The collaborator manager sits in the dialog's collaborators section.
  await expect(page.getByTestId("share-collaborators")).toBeVisible();
  await page.getByTestId("share-create").click();
  const url = await page.getByTestId("share-url").inputValue();
  expect(decodeURIComponent(url)).toContain(`/${ZH_TITLE}-`);

  const zh = await visitor(browser, baseURL!, "zh");
  const violations = await watchCsp(zh.page);
  for (const width of [1280, 390]) {
    await zh.page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await zh.page.goto(url);
    await settled(zh.page);
    await expect(zh.page.getByTestId("share-title")).toHaveText(ZH_TITLE);
    await expect(zh.page.getByTestId("share-summary")).toContainText("概述");
    await expect(zh.page.getByText("思维导图")).toBeVisible();
    await expect(zh.page.locator('[data-testid="mindmap"] .markmap-node').first()).toBeVisible();
    await zh.page.waitForTimeout(600); // markmap's fit animation
    await zh.page.screenshot({ path: docShot(`share-${width}-zh.png`), fullPage: true });
  }
  // The owner adds raw HTML to the summary: the share page shows it as text.
  await page.getByTestId("share-dialog-close").click();
  await page.getByTestId("summary-edit").click();
  const editor = page.getByTestId("summary-editor");
  await editor.fill(`${await editor.inputValue()}\n\n## 备注\n\n<img src=x onerror="window.__xss=1"> <script>window.__xss=2</script>\n`);
  await page.getByTestId("summary-save").click();
  await expect(summary).toContainText("备注");
  await zh.page.goto(url);
  await settled(zh.page);
  await expect(zh.page.getByTestId("share-summary")).toContainText('<img src=x onerror="window.__xss=1">');
  await expect(zh.page.getByTestId("share-summary").locator("img, script")).toHaveCount(0);
  expect(await zh.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await violations()).toEqual([]);

  // A chat app's crawler gets the preview tags in the document head.
  const html = await (await zh.page.request.get(url, { headers: { "user-agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" } })).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(new RegExp(`<meta property="og:title" content="${ZH_TITLE}"\\s*/?>`));
  expect(head).toMatch(/<meta name="twitter:card" content="summary"\s*\/?>/);
  expect(head).toMatch(/<meta name="robots" content="noindex/);

  // On a phone the task header has the same Share button and dialog, with the same link.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/transcribe/mobile");
  await page.getByTestId("task-item").filter({ hasText: ZH_TITLE }).first().getByTestId("task-open").click();
  const phoneTask = page.getByTestId("mobile-task");
  await expect(phoneTask).toBeVisible();
  await phoneTask.getByTestId("share-open-dialog").click();
  await expect(page.getByTestId("share-url")).toHaveValue(url);
  await expect(page.getByTestId("share-enabled")).toBeChecked();
  await expect(page.getByTestId("share-collaborators")).toBeVisible();
  await zh.context.close();
});
