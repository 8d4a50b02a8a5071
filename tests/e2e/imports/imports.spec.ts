import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { docxArchive, wParagraph } from "../../helpers/docx-fixtures";
import { E2E_SERVERS, E2E_VIDEO_SITE_PORT } from "../env";
import { scratchDir, signIn } from "../helpers";

// Every other way in, in the browser: documents, pasted text (Chinese and
// English), a video link from the loopback site, and a meeting through the
// fake meeting-bot provider. Each task appears in the list, completes live,
// and can be analysed.

function scratchFile(name: string, content: Buffer | string): string {
  const p = path.join(scratchDir(), name);
  fs.writeFileSync(p, content);
  return p;
}

async function openTask(page: Page, title: string | RegExp) {
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await expect(item).toBeVisible();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  return item;
}

async function analyse(page: Page) {
  await page.getByTestId("tab-summary").click();
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 60_000 });
}

test("imports a .docx and a .txt after confirming the minutes; the text keeps its structure and can be analysed", async ({ page }) => {
  await signIn(page, "e2e-docs@example.com");
  const docx = scratchFile(
    "Roadmap.docx",
    docxArchive([wParagraph("Product roadmap", { style: "Heading1" }), wParagraph("The beta opens in April for all schools."), wParagraph("Offline mode", { numId: 1 }), wParagraph("Shared notebooks", { numId: 1 })].join("")),
  );
  const txt = scratchFile("notes.txt", "Weekly notes\n\nThe budget review moves to Thursday.\n\nSam will book the room.");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-document").click();
  await expect(page.getByTestId("document-dialog")).toBeVisible();
  await page.getByTestId("document-file-input").setInputFiles([docx, txt]);
  await expect(page.getByTestId("document-file-row")).toHaveCount(2);
  await page.getByTestId("document-submit").click();
  // The quota estimate asks first: 600 bytes a minute, to the second (10 bytes a second, rounded up) of each text.
  const docxText = "# Product roadmap\n\nThe beta opens in April for all schools.\n\n- Offline mode\n- Shared notebooks";
  const txtText = "Weekly notes\n\nThe budget review moves to Thursday.\n\nSam will book the room.";
  const seconds = Math.ceil(Buffer.byteLength(docxText) / 10) + Math.ceil(Buffer.byteLength(txtText) / 10);
  await expect(page.getByTestId("document-estimate")).toHaveAttribute("data-total-seconds", String(seconds));
  // Shown by the one minutes rule: one decimal under 10 minutes.
  await expect(page.getByTestId("document-estimate-total")).toHaveText(`about ${(Math.round((seconds / 60) * 10) / 10).toFixed(1)} minutes`);
  await expect(page.getByTestId("document-estimate-item")).toHaveCount(2);
  await page.getByTestId("document-confirm").click();
  await expect(page.getByTestId("document-dialog")).toHaveCount(0);

  await openTask(page, "Product roadmap");
  const text = page.getByTestId("document-text");
  await expect(text.getByRole("heading", { name: "Product roadmap" })).toBeVisible();
  await expect(text.getByRole("listitem")).toHaveText(["Offline mode", "Shared notebooks"]);
  await analyse(page);
  await expect(page.getByTestId("summary-content")).toContainText("beta");

  // A .txt has no headings: its title is the file name.
  await openTask(page, /^notes/);
  await expect(page.getByTestId("document-text")).toContainText("Sam will book the room.");
});

test("pasted Chinese and English text become tasks; an empty paste is refused and nothing is lost", async ({ page }) => {
  await signIn(page, "e2e-paste@example.com");
  const paste = async (text: string) => {
    await page.getByTestId("add-options-button").click();
    await page.getByTestId("add-option-document").click();
    await page.getByTestId("document-tab-paste").click();
    await page.getByTestId("document-text-input").fill(text);
    await page.getByTestId("document-submit").click();
  };
  await paste("   ");
  await expect(page.getByTestId("document-error")).toBeVisible();
  await page.getByTestId("document-text-input").fill("产品发布会议\n\n张三负责在周五之前完成测试报告。");
  await page.getByTestId("document-submit").click();
  await page.getByTestId("document-confirm").click();
  await openTask(page, "产品发布会议");
  await expect(page.getByTestId("document-text")).toContainText("张三负责在周五之前完成测试报告。");
  await analyse(page);
  await expect(page.getByTestId("summary-content")).toContainText("张三");

  await paste("Release planning\n\nThe team ships version two on Monday.");
  await page.getByTestId("document-confirm").click();
  await openTask(page, "Release planning");
  await expect(page.getByTestId("document-text")).toContainText("ships version two on Monday");
});

test("a video link is checked as it is typed, then fetched and transcribed under the video's title", async ({ page }) => {
  await signIn(page, "e2e-link@example.com");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-link").click();
  await expect(page.getByTestId("link-dialog")).toBeVisible();
  await page.getByTestId("link-input").fill("https://vimeo.com/123");
  await page.getByTestId("link-submit").click();
  await expect(page.getByTestId("link-error")).toContainText("youtube.com");
  await page.getByTestId("link-input").fill(`http://127.0.0.1:${E2E_VIDEO_SITE_PORT}/page/media.m4a`);
  await page.getByTestId("link-submit").click();
  await expect(page.getByTestId("link-dialog")).toHaveCount(0);
  await openTask(page, "JFK speech");
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
  await expect(page.getByTestId("media-player")).toBeVisible();
});

test("a meeting goes from joining to a transcript", async ({ page }) => {
  await signIn(page, "e2e-meeting@example.com");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-meeting").click();
  await expect(page.getByTestId("meeting-dialog")).toBeVisible();
  await page.getByTestId("meeting-input").fill("https://example.com/not-a-meeting");
  await page.getByTestId("meeting-submit").click();
  await expect(page.getByTestId("meeting-error")).toBeVisible();
  await page.getByTestId("meeting-input").fill("https://zoom.us/j/9876543210");
  await page.getByTestId("meeting-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: "Zoom" }).first();
  await expect(item).toBeVisible();
  await item.getByTestId("task-open").click();
  const seen = new Set<string>();
  for (let i = 0; i < 120 && (await item.getAttribute("data-status")) !== "completed"; i++) {
    const status = await page.getByTestId("task-meeting-card").getAttribute("data-meeting-status", { timeout: 500 }).catch(() => null);
    if (status) seen.add(status);
    await page.waitForTimeout(500);
  }
  expect([...seen]).toEqual(expect.arrayContaining(["joining", "in_meeting"]));
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
});

test.describe("on a server without a meeting-bot provider", () => {
  test.use({ baseURL: E2E_SERVERS.ai.baseUrl });
  test("the New menu does not offer a meeting at all", async ({ page }) => {
    await signIn(page, "e2e-no-meetings@example.com");
    await page.getByTestId("add-options-button").click();
    // Offered only what works: the other ways in are there, the meeting is not.
    await expect(page.getByTestId("add-option-document")).toBeVisible();
    await expect(page.getByTestId("add-option-meeting")).toHaveCount(0);
  });
});
