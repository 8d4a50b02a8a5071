import { expect, test, type Locator, type Page } from "playwright/test";
import { docShot, pasteDocument, signIn } from "../helpers";

// The "Local analyzer" badge explains itself: what it is (built in, offline, no AI service
// connected) and what that means for the summary. On a desktop it opens on hover, on a phone
// on a tap. The summary of a pasted text with a markdown heading and a phone call's greetings
// shows neither the heading's marks nor the greetings among its key points.

// multi/pyannote_sample.stm (shared/corpus), as a pasted dialogue with a heading.
const CALL = [
  "Diane and Sheila",
  "",
  "## The call",
  "",
  "Diane: Hello?",
  "Sheila: Hello?",
  "Diane: Oh, hello. I didn't know you were there.",
  "Sheila: Neither did I.",
  "Diane: Okay, then I thought you know, I heard a beep. This is Diane in New Jersey.",
  "Sheila: And I'm Sheila in Texas, originally from Chicago.",
  "Diane: Oh, I'm originally from Chicago also. I'm in New Jersey now though.",
  "Sheila: Well, there isn't that much difference. At least you know, they all call me a Yankee down here, so what can I say?",
  "Diane: Oh, I don't hear that in New Jersey now.",
].join("\n");

// The Chinese clips' reference texts (shared/corpus zh/) with a heading and a greeting.
const CHINESE = [
  "商场例会",
  "",
  "# 销售问题",
  "",
  "喂？你好你好。",
  "好首先说一下刚才这个经理说完的这个销售问题，咱再说一下咱们的商场问题。",
  "首先咱们商场上半年业这个先各部门儿汇报一下就是业绩。",
  "广州市房地产中介协会分析，甚至出现交易几乎停滞的情况。",
  "嗯，好的，谢谢。",
].join("\n");

async function analyse(page: Page) {
  await page.getByTestId("analysis-start").click();
  await expect(page.getByTestId("summary-content")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId("engine-badge")).toHaveAttribute("data-engine", "local");
}

/** The explanation lies inside the viewport, below the badge. */
async function expectInView(page: Page, explanation: Locator) {
  const box = (await explanation.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const badge = (await page.getByTestId("engine-badge").boundingBox())!;
  expect(box.y).toBeGreaterThan(badge.y);
}

test.describe("desktop, English", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("hovering the badge explains the local analyzer; the summary shows no heading marks or greetings", async ({ page }) => {
    await signIn(page, "e2e-engine-badge@example.com");
    await pasteDocument(page, CALL);
    const item = page.getByTestId("task-item").filter({ hasText: "Diane and Sheila" }).first();
    await item.getByTestId("task-open").click();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await page.getByTestId("tab-summary").click();
    await analyse(page);

    const content = page.getByTestId("summary-content");
    await expect(content).not.toContainText("#");
    const keyPoints = await content.locator("h2:has-text('Key points') + ul > li").allTextContents();
    expect(keyPoints.length).toBeGreaterThan(0);
    for (const point of keyPoints) {
      expect(point.split(/\s+/).length).toBeGreaterThanOrEqual(4);
      expect(point).not.toMatch(/^(Oh, )?hello|Neither did I/i);
    }

    const explanation = page.getByTestId("engine-explanation");
    await expect(explanation).toBeHidden();
    await page.getByTestId("engine-badge").hover();
    await expect(explanation).toBeVisible();
    await expect(explanation).toContainText("No AI service is connected");
    await expect(explanation).toContainText("less fluent than an AI summary");
    await expectInView(page, explanation);
    await page.screenshot({ path: docShot("engine-badge-1366-en.png") });
    await page.mouse.move(1300, 850);
    await expect(explanation).toBeHidden();

    // Keyboard: focus shows it; a click keeps it open until Escape.
    await page.getByTestId("engine-badge").focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(explanation).toBeVisible();
    await page.getByTestId("engine-badge").click();
    await page.mouse.move(1300, 850);
    await expect(page.getByTestId("engine-badge")).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("engine-badge")).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("phone, Chinese", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("tapping the badge explains the local analyzer in Chinese; a tap elsewhere closes it", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
    await signIn(page, "e2e-engine-badge-zh@example.com");
    const token = await page.evaluate(() => localStorage.getItem("auth:token"));
    const created = await page.request.post("/api/transcription/paste-text", { headers: { authorization: `Bearer ${token}` }, data: { text: CHINESE } });
    expect((await created.json()).code).toBe(200);

    await page.goto("/transcribe/mobile");
    const item = page.getByTestId("task-item").first();
    await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
    await item.getByTestId("task-open").click();
    await page.getByTestId("mobile-tab-summary").click();
    await analyse(page);
    const content = page.getByTestId("summary-content");
    await expect(content).toContainText("概述");
    await expect(content).not.toContainText("#");
    for (const point of await content.locator("h2:has-text('要点') + ul > li").allTextContents()) expect(point).not.toMatch(/^(喂|你好|嗯)/);

    const explanation = page.getByTestId("engine-explanation");
    await expect(explanation).toBeHidden();
    await page.getByTestId("engine-badge").tap();
    await expect(explanation).toBeVisible();
    await expect(explanation).toContainText("没有连接任何 AI 服务");
    await expect(explanation).toContainText("不如 AI 摘要通顺");
    await expectInView(page, explanation);
    await page.screenshot({ path: docShot("engine-badge-390-zh.png") });
    // A tap below the explanation, on the summary.
    const below = (await explanation.boundingBox())!;
    await page.touchscreen.tap(195, below.y + below.height + 60);
    await expect(explanation).toBeHidden();
  });
});
