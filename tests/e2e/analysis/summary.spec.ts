import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn, uploadAndOpen } from "../helpers";

// Analysis with the local analyzer (the default server has no AI provider):
// the eleven steps advance, the summary appears, the mind map's nodes are the
// summary's headings, and an edited, saved summary redraws the map.

// Headings as they read (markdown escapes such as a backslash before "_" removed).
const headingsOf = (md: string) => [...md.matchAll(/^#{1,3}\s+(.+)$/gm)].map((m) => m[1]!.trim().replace(/\\(.)/g, "$1"));

test("analyses a transcript, then edits the summary and redraws the mind map", async ({ page }) => {
  await signIn(page, "e2e-summary@example.com");
  await uploadAndOpen(page, "audio", path.join(CORPUS, "multi/pyannote_sample.wav"));

  await page.getByTestId("tab-summary").click();
  await expect(page.getByTestId("analysis-empty")).toBeVisible();
  await page.getByTestId("analysis-start").click();

  // Watch the steps advance, in order.
  const progress = page.getByTestId("analysis-progress");
  await expect(progress).toBeVisible();
  const seen: number[] = [];
  while (await progress.isVisible().catch(() => false)) {
    // Bounded: the bar may vanish between the two calls, and getAttribute would otherwise wait for it until the test times out.
    // A vanished bar reads as null, which must not count as step 0 (Number(null) is 0).
    const raw = await progress.getAttribute("data-step", { timeout: 500 }).catch(() => null);
    const step = raw === null ? NaN : Number(raw);
    if (Number.isFinite(step) && seen.at(-1) !== step) seen.push(step);
    await page.waitForTimeout(200);
  }
  expect(seen.length).toBeGreaterThanOrEqual(2);
  expect([...seen].sort((a, b) => a - b)).toEqual(seen);

  // The summary, rendered, by the local analyzer.
  const content = page.getByTestId("summary-content");
  await expect(content).toBeVisible();
  await expect(page.getByTestId("engine-badge")).toHaveAttribute("data-engine", "local");
  await page.getByTestId("summary-edit").click();
  const markdown = await page.getByTestId("summary-editor").inputValue();
  await page.getByTestId("summary-cancel").click();
  const headings = headingsOf(markdown);
  expect(headings.length).toBeGreaterThanOrEqual(3);
  for (const h of headings.slice(1)) await expect(content.getByRole("heading", { name: h, exact: true })).toBeVisible();

  // The mind map's nodes are the summary's headings.
  await page.getByTestId("tab-mindmap").click();
  await expect(page.getByTestId("mindmap")).toBeVisible();
  const nodes = async () => (await page.getByTestId("mindmap-node").allTextContents()).map((t) => t.split("\n")[0]!.trim());
  const outline = page.getByTestId("mindmap-outline");
  for (const h of headings) await expect(outline).toContainText(h);
  // markmap draws them too.
  await expect(page.locator('[data-testid="mindmap"] .markmap-node').first()).toBeVisible();
  expect((await nodes()).length).toBeGreaterThanOrEqual(headings.length);
  await page.getByTestId("mindmap-zoom-in").click();
  await page.getByTestId("mindmap-collapse").click();
  await page.getByTestId("mindmap-expand").click();
  await page.getByTestId("mindmap-fit").click();

  // Edit the summary; unsaved edits must be saved before the map is redrawn.
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("summary-edit").click();
  await page.getByTestId("summary-editor").fill(`${markdown.trim()}\n\n## Follow-up meeting\n\n- Book a room for Thursday\n`);
  await page.getByTestId("tab-mindmap").click();
  await expect(page.getByTestId("mindmap-outdated")).toBeVisible();
  await page.getByTestId("mindmap-redraw").click();
  await page.getByTestId("confirm-ok").click();
  await expect(outline).toContainText("Follow-up meeting");
  await expect(outline).toContainText("Book a room for Thursday");
  await expect(page.getByTestId("mindmap-outdated")).toHaveCount(0);

  // The saved summary shows the new section; summarising again asks first.
  await page.getByTestId("tab-summary").click();
  await expect(page.getByTestId("summary-content").getByRole("heading", { name: "Follow-up meeting" })).toBeVisible();
  await page.getByTestId("summary-regenerate").click();
  await expect(page.getByTestId("confirm-ok")).toBeVisible();
  await page.getByTestId("confirm-cancel").click();
});
