import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import mammoth from "mammoth";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { CORPUS, docShot, pasteDocument, scratchDir, signIn, uploadAndOpen } from "../helpers";

// Exports (issue 10): every format downloaded from the task's export menu and opened with a
// real reader; the mind map as PNG and SVG drawn in the browser; a free user gets the upgrade
// prompt for PDF and .xmind; a Pro user gets both, and on an iPad the PDF save hint.


/** Clicks a menu item and returns the downloaded file's name and bytes. */
async function downloadFromMenu(page: Page, testId: string) {
  await page.getByTestId("export-menu").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  const file = path.join(scratchDir(), `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file, bytes: fs.readFileSync(file) };
}

async function summarise(page: Page) {
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 120_000 });
}

async function makePro(email: string) {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE "User" SET "planCode"='pro' WHERE email=$1`, [email]);
  } finally {
    await db.end();
  }
}

test("a free user downloads every free format; PDF and .xmind show the upgrade prompt; the mind map as PNG and SVG", async ({ page }) => {
  test.setTimeout(300_000);
  await signIn(page, "e2e-exports-free@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "multi/pyannote_sample.wav"));
  await summarise(page);

  // The menu as a free user sees it (docs/screenshots).
  await page.getByTestId("export-menu").click();
  await expect(page.getByTestId("export-menu-list")).toBeVisible();
  await page.screenshot({ path: docShot("exports-menu-1280-en.png") });
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("export-menu-list")).toHaveCount(0);

  const txt = await downloadFromMenu(page, "export-txt");
  expect(txt.name).toBe("pyannote_sample.txt");
  const text = txt.bytes.toString("utf8");
  // Summarised, so the chapters come first (docs/chapters.md), then the transcript; the first chapter starts
  // where the first line does.
  const firstChapter = /^\ufeffpyannote_sample\n\nChapters\n(\d\d:\d\d)  \S/.exec(text);
  const firstLine = /\n\n\[(\d\d:\d\d)\] Speaker \d: \S+/.exec(text);
  expect({ firstChapter: firstChapter?.[1], firstLine: firstLine?.[1] }).toEqual({ firstChapter: firstLine?.[1], firstLine: expect.stringMatching(/^00:0\d$/) });
  expect(text).toMatch(/\[\d\d:\d\d\] Speaker 1: \S+/);

  const srt = await downloadFromMenu(page, "export-srt");
  const cues = execFileSync("ffmpeg", ["-v", "error", "-i", srt.file, "-f", "webvtt", "-"], { encoding: "utf8" });
  expect(cues).toMatch(/\d\d:\d\d\.\d{3} --> \d\d:\d\d\.\d{3}\nSpeaker \d: \S+/);

  const vtt = await downloadFromMenu(page, "export-vtt");
  expect(vtt.bytes.toString("utf8")).toMatch(/^WEBVTT\n\n00:00:\d\d\.\d{3} --> /);
  expect(execFileSync("ffmpeg", ["-v", "error", "-i", vtt.file, "-f", "srt", "-"], { encoding: "utf8" })).toContain("-->");

  const docx = await downloadFromMenu(page, "export-docx-transcript");
  expect(docx.name).toBe("pyannote_sample.docx");
  expect((await mammoth.convertToHtml({ buffer: docx.bytes })).value).toMatch(/<strong>Speaker 1<\/strong>/);

  const md = await downloadFromMenu(page, "export-md");
  const summaryText = md.bytes.toString("utf8");
  expect(summaryText).toMatch(/^#/m);
  const summaryDocx = await downloadFromMenu(page, "export-docx-summary");
  // The first heading as Word shows it: markdown escapes ("pyannote\_sample") and emphasis marks gone.
  const firstHeading = /^#+\s+(.+)$/m.exec(summaryText)![1]!.replace(/\\(.)/g, "$1").replace(/\*\*|`/g, "").trim();
  expect((await mammoth.extractRawText({ buffer: summaryDocx.bytes })).value).toContain(firstHeading);

  // Pro formats: the badge, then the upgrade prompt instead of a file.
  for (const format of ["pdf", "xmind"]) {
    await page.getByTestId("export-menu").click();
    await expect(page.getByTestId(`export-${format}-pro`)).toBeVisible();
    await page.getByTestId(`export-${format}`).click();
    await expect(page.getByTestId("export-pro-required")).toBeVisible();
    await expect(page.getByTestId("export-pro-required")).toContainText("PDF and XMind export are Pro features");
    if (format === "pdf") await page.screenshot({ path: docShot("exports-upgrade-1280-en.png") });
    await page.getByTestId("export-pro-ok").click();
    await expect(page.getByTestId("export-pro-required")).toHaveCount(0);
  }

  // The mind map, drawn by markmap, as PNG and SVG.
  await page.getByTestId("tab-mindmap").click();
  await expect(page.locator('[data-testid="mindmap"] .markmap-node').first()).toBeVisible();
  const nodeText = (await page.getByTestId("mindmap-node").first().textContent())!.split("\n")[0]!.trim().slice(0, 12);
  const [svgDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("mindmap-export-svg").click()]);
  const svgFile = path.join(scratchDir(), "map.svg");
  await svgDownload.saveAs(svgFile);
  expect(svgDownload.suggestedFilename()).toBe("pyannote_sample.svg");
  const svg = fs.readFileSync(svgFile, "utf8");
  expect(svg).toMatch(/^<\?xml[^>]*>\n<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]+viewBox="/);
  expect(svg).toContain("markmap-node");
  const [pngDownload] = await Promise.all([page.waitForEvent("download"), page.getByTestId("mindmap-export-png").click()]);
  const pngFile = path.join(scratchDir(), "map.png");
  await pngDownload.saveAs(pngFile);
  const png = fs.readFileSync(pngFile);
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect(png.readUInt32BE(16)).toBeGreaterThan(200); // width
  expect(png.byteLength).toBeGreaterThan(5_000);
  expect(nodeText.length).toBeGreaterThan(0);
});

test("a Pro user downloads .xmind and PDF (Chinese text inside); on an iPad the PDF save hint explains Share → Save to Files", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const email = "e2e-exports-pro@example.com";
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    userAgent: "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  });
  const page = await context.newPage();
  await signIn(page, email);
  await makePro(email);
  const title = "发布会议纪要";
  await pasteDocument(page, [title, "大家早上好，今天我们讨论新应用的发布计划。", "测试版上周结束了，用户非常喜欢离线模式。", "我们需要在三月发布之前修复电池耗电问题。"].join("\n"));
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  // The stored user (plan "free") is dropped, so the page fetches it again with the new plan.
  await page.evaluate(() => localStorage.removeItem("auth:user"));
  await page.reload();
  await page.getByTestId("task-item").filter({ hasText: title }).first().getByTestId("task-open").click();
  await summarise(page);

  type XmindContent = { rootTopic: { title: string; children?: { attached: { title: string }[] } } }[];
  const xmind = await downloadFromMenu(page, "export-xmind");
  expect(xmind.name).toBe(`${title}.xmind`);
  const content = JSON.parse(execFileSync("unzip", ["-p", xmind.file, "content.json"], { encoding: "utf8" })) as XmindContent;
  expect(content[0]!.rootTopic.title.length).toBeGreaterThan(0);
  expect(content[0]!.rootTopic.children!.attached.length).toBeGreaterThan(0);

  // The summary is edited and saved: the map is outdated, and the .xmind export redraws it first (regenerate-xmind).
  const taskId = (await page.getByTestId("task-detail").getAttribute("data-task-id"))!;
  const saved = await page.evaluate(async ([id, summary]) => {
    const res = await fetch(`/api/transcription/${id}/edit`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${localStorage.getItem("auth:token")}`, "x-locale": "en" },
      body: JSON.stringify({ summary }),
    });
    return ((await res.json()) as { code: number }).code;
  }, [taskId, "# 新的导图\n\n## 电池\n\n- 三月之前修复\n"] as const);
  expect(saved).toBe(200);
  await page.reload();
  await page.getByTestId("task-item").filter({ hasText: title }).first().getByTestId("task-open").click();
  await page.getByTestId("tab-mindmap").click();
  await expect(page.getByTestId("mindmap-outdated")).toBeVisible();
  const redrawn = JSON.parse(execFileSync("unzip", ["-p", (await downloadFromMenu(page, "export-xmind")).file, "content.json"], { encoding: "utf8" })) as XmindContent;
  expect(redrawn[0]!.rootTopic.title).toBe("新的导图");
  expect(redrawn[0]!.rootTopic.children!.attached.map((t) => t.title)).toEqual(["电池"]);
  await expect(page.getByTestId("mindmap-outdated")).toHaveCount(0);

  const pdf = await downloadFromMenu(page, "export-pdf");
  expect(pdf.bytes.subarray(0, 5).toString()).toBe("%PDF-");
  const script = `const { extractText, getDocumentProxy } = require("unpdf");
const c = []; process.stdin.on("data", (d) => c.push(d)).on("end", async () => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(Buffer.concat(c))), { mergePages: true });
  process.stdout.write(text);
});`;
  const text = execFileSync(process.execPath, ["-e", script], { input: pdf.bytes, encoding: "utf8" }).replace(/\s+/g, "");
  expect(text).toContain(title);
  expect(text).toContain("我们需要在三月发布之前修复电池耗电问题。");

  await expect(page.getByTestId("ios-pdf-hint")).toBeVisible();
  await expect(page.getByTestId("ios-pdf-hint")).toContainText("Save to Files");
  await page.screenshot({ path: docShot("exports-ios-hint-en.png") });
  await page.getByTestId("ios-pdf-hint-ok").click();
  await context.close();
});

test("on a phone the task's header has the export menu; it opens as a sheet and downloads", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, "e2e-exports-free@example.com");
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  await page.getByTestId("task-item").filter({ hasText: "pyannote_sample" }).first().getByTestId("task-open").click();
  await expect(page.getByTestId("mobile-task")).toBeVisible();
  await page.getByTestId("export-menu").click();
  const sheet = page.getByTestId("export-menu-list");
  await expect(sheet).toBeVisible();
  await page.screenshot({ path: docShot("exports-menu-390-en.png") });
  const box = (await sheet.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-vtt").click()]);
  expect(download.suggestedFilename()).toBe("pyannote_sample.vtt");
  const file = path.join(scratchDir(), "phone.vtt");
  await download.saveAs(file);
  expect(fs.readFileSync(file, "utf8").startsWith("WEBVTT")).toBe(true);
  await context.close();
});
