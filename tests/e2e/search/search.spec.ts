import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, signIn, uploadAndOpen } from "../helpers";
import { plantWords, playerSeconds } from "./plant";

// Issue 10 "Find": type a query in the header, see highlighted hits, click a
// transcript hit and land in the task with the player at that moment and that
// entry highlighted.

test("search finds transcript words with highlights and opens the task at the hit's moment", async ({ page }) => {
  const email = "e2e-search@example.com";
  await signIn(page, email);
  await uploadAndOpen(page, "audio", path.join(CORPUS, "multi/pyannote_sample.wav"));
  const planted = await plantWords(email);

  // From the home with no task open: the hit loads the task at its moment.
  await page.goto("/transcribe/");
  const input = page.getByTestId("search-input");
  await input.fill("zebra");
  const hit = page.locator('[data-testid="search-hit"][data-field="transcript"]');
  await expect(hit).toHaveCount(1);
  await expect(hit.locator("mark")).toHaveText(["zebra"]);
  // The entry's markup is shown as text, never as HTML.
  await expect(hit.getByTestId("search-snippet")).toHaveText("We approved the <b>zebracorn</b> budget today.");
  await expect(hit.locator("b")).toHaveCount(0);
  await expect(hit).toHaveAttribute("data-begin-ms", String(planted.late));
  await hit.click();

  await expect(page).toHaveURL(new RegExp(`[?&]task=${planted.taskId}`));
  await expect.poll(() => playerSeconds(page)).toBeCloseTo(planted.late / 1000, 1);
  await expect(page.locator('[data-testid="transcript-entry"][data-active="true"]')).toContainText("zebracorn");
  // The moment is used once: the address keeps the task only.
  await expect(page).not.toHaveURL(/[?&]t=/);

  // A Chinese word inside a sentence, on the task already open: the player seeks in place.
  await input.fill("预算会议");
  const zh = page.locator('[data-testid="search-hit"][data-field="transcript"]');
  await expect(zh).toHaveCount(1);
  await expect(zh.locator("mark")).toHaveText(["预算会议"]);
  await zh.click();
  await expect(page.getByTestId("search-results")).toBeHidden();
  await expect.poll(() => playerSeconds(page)).toBeCloseTo(planted.middle / 1000, 1);
  await expect(page.locator('[data-testid="transcript-entry"][data-active="true"]')).toContainText("预算会议");

  // Too short a query gets the catalogue's message, and no request for nothing.
  await input.fill("z");
  await expect(page.getByTestId("search-problem")).toHaveText("Type at least 2 letters or characters to search.");
  await input.fill("nothing-like-this-anywhere");
  await expect(page.getByTestId("search-empty")).toBeVisible();
});
