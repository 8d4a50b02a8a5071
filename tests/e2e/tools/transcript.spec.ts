import fs from "node:fs";
import { expect, test } from "playwright/test";
import { E2E_CHINA_BASE_URL, E2E_VIDEO_SITE_PORT } from "../env";
import { docShot, latestLoginLink } from "../helpers";

// The tools site signed out: the transcript tool once (the video's own captions, through the real
// yt-dlp against the loopback video site), asked to log in the second time, signed in through
// /tools/callback back onto the tool, and the transcript handed to the app with "Open in the app".
const SITE = `http://127.0.0.1:${E2E_VIDEO_SITE_PORT}`;

test("signed out: one free transcript, then log in through /tools/callback and open it in the app", async ({ page }) => {
  await page.goto("/tools");
  await expect(page.getByTestId("tools-index")).toBeVisible();
  await expect(page.getByTestId("tools-login")).toBeVisible();
  await page.screenshot({ path: docShot("tools-index.png"), fullPage: true });
  await page.getByTestId("tools-card-online-youtube-video-transcript").click();
  await expect(page).toHaveURL(/\/tools\/online-youtube-video-transcript$/);
  await expect(page.getByTestId("transcript-quota")).toContainText("1 free transcript");

  await page.getByTestId("transcript-url").fill(`${SITE}/captioned/media.m4a`);
  await page.getByTestId("transcript-submit").click();
  const result = page.getByTestId("transcript-result");
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("transcript-source")).toContainText("own captions");
  await expect(page.getByTestId("transcript-lines").locator("li")).toHaveCount(2);
  await expect(page.getByTestId("transcript-lines")).toContainText("ask not what your country can do for you");
  await expect(page.getByTestId("transcript-history-item")).toHaveCount(1);
  await page.screenshot({ path: docShot("tools-transcript.png"), fullPage: true });
  const download = page.waitForEvent("download");
  await page.getByTestId("transcript-download-txt").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("JFK speech.txt");
  expect(fs.readFileSync((await file.path())!, "utf8")).toBe("[00:00] And so my fellow Americans,\n[00:04] ask not what your country can do for you.");

  // The second one needs a login.
  await page.getByTestId("transcript-url").fill(`${SITE}/page/media.m4a`);
  await page.getByTestId("transcript-submit").click();
  await expect(page.getByTestId("transcript-login-required")).toBeVisible();
  await page.screenshot({ path: docShot("tools-transcript-login-required.png"), animations: "disabled" });
  await page.getByTestId("transcript-login").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
  const email = `tools-${Date.now()}@example.test`;
  const before = Date.now() - 1;
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("login-link-sent")).toBeVisible();
  const link = await latestLoginLink(email, before);
  expect(new URL(link).pathname).toBe("/tools/callback");
  await page.goto(link);
  // Back on the tool, signed in, with the account's uses and this browser's earlier transcript.
  await expect(page).toHaveURL(/\/tools\/online-youtube-video-transcript$/);
  await expect(page.getByTestId("tools-user")).toContainText(email.split("@")[0]!);
  await expect(page.getByTestId("transcript-quota")).toContainText("2 of 2");
  await page.getByTestId("transcript-history-item").first().click();
  await expect(result).toBeVisible();
  await page.getByTestId("transcript-open-app").click();
  await expect(page).toHaveURL(/\/transcribe\/?\?task=/);
  // A task of pasted-text kind: its text is shown as a document.
  await expect(page.getByTestId("document-text")).toContainText("And so my fellow Americans", { timeout: 30_000 });
  // The summary and mind map ran on it.
  await expect(page.getByTestId("task-detail")).toHaveAttribute("data-status", "analysis_completed", { timeout: 60_000 });
});

test("phone layout, per-language SEO, sitemap and robots, and no transcript tool on the China edition", async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/tools/online-youtube-video-transcript?lang=de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("YouTube-Video-Transkript");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/tools\/online-youtube-video-transcript\?lang=de$/);
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(10);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "de_DE");
  // Phones: the tools fold into a menu.
  await expect(page.getByTestId("tools-nav-online-audio-compressor")).toBeHidden();
  await page.getByTestId("tools-menu").click();
  await expect(page.getByTestId("tools-mobile-menu").getByTestId("tools-nav-online-audio-compressor")).toBeVisible();
  await page.screenshot({ path: docShot("tools-transcript-mobile.png"), fullPage: true });
  // The language switch goes to the page's own address in that language.
  await page.getByTestId("tools-language").selectOption("fr");
  await expect(page).toHaveURL(/\?lang=fr$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");

  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/tools/online-audio-compressor?lang=ja");
  expect(sitemap).toContain('hreflang="x-default"');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Disallow: \/api\//);
  expect(robots).toMatch(/Sitemap: .*\/sitemap\.xml/);

  // Any unknown tools path shows the index.
  await page.goto("/tools/no-such-tool/here");
  await expect(page.getByTestId("tools-index")).toBeVisible();

  await page.goto(`${E2E_CHINA_BASE_URL}/tools/online-youtube-video-transcript`);
  await expect(page).toHaveURL(/\/tools$/);
  await expect(page.getByTestId("tools-index")).toBeVisible();
  await expect(page.getByTestId("tools-card-online-youtube-video-transcript")).toHaveCount(0);
});
