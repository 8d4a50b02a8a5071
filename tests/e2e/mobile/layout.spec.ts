import { expect, test, type Locator, type Page } from "playwright/test";
import { locales } from "@/lib/i18n/locales";
import { signIn } from "../helpers";

// What a newcomer saw on a 390 px phone: the "+" menu off the right edge (page 635 px wide),
// /transcribe/ not switching to the mobile view, the usage meter over the language globe
// and "Log out" pushed off screen.
const WIDTH = 390;
test.use({ viewport: { width: WIDTH, height: 844 }, isMobile: true, hasTouch: true });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

async function expectInsideViewport(locator: Locator) {
  const box = await boxOf(locator);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(WIDTH);
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectNoOverlap(named: Record<string, Locator>) {
  const boxes = await Promise.all(Object.entries(named).map(async ([name, l]) => [name, await boxOf(l)] as const));
  for (const [i, [a, boxA]] of boxes.entries()) for (const [b, boxB] of boxes.slice(i + 1)) expect(overlap(boxA, boxB), `${a} overlaps ${b}`).toBe(false);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const languagePicker = (page: Page) => page.locator("label", { has: page.getByTestId("language-switcher") });

test("on a phone /transcribe/ opens the mobile view, with the language and Log out on screen and the + menu inside it", async ({ page }) => {
  await signIn(page, "e2e-mobile-layout@example.com");
  await page.goto("/transcribe/");
  await expect(page).toHaveURL(/\/transcribe\/mobile/);
  await expect(page.getByTestId("mobile-home")).toBeVisible();

  await expectNoOverlap({ language: languagePicker(page), logout: page.getByTestId("logout-button"), add: page.getByTestId("add-options-button") });
  await expectInsideViewport(page.getByTestId("logout-button"));
  await expectInsideViewport(languagePicker(page));

  await page.getByTestId("add-options-button").click();
  const menu = page.getByTestId("add-options-menu");
  await expectInsideViewport(menu);
  await expectInsideViewport(page.getByTestId("add-option-document"));
  await expect(page.getByTestId("add-option-audio")).toContainText("Upload audio");
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: test.info().outputPath("mobile-menu-390.png") });

  // The menu works: it opens the document dialog.
  await page.getByTestId("add-option-document").click();
  await expect(page.getByTestId("document-dialog")).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // Log out is there and works.
  await page.keyboard.press("Escape");
  await page.getByTestId("logout-button").click();
  await expect(page).toHaveURL(/\/transcribe\/login/);
});

test("a phone that chooses the desktop view gets a header that fits: usage clear of the globe, Log out on screen", async ({ page }) => {
  await signIn(page, "e2e-mobile-desktop@example.com");
  await page.goto("/transcribe/mobile");
  await page.getByTestId("mobile-desktop-link").click();
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await expect(page).not.toHaveURL(/mobile/);
  await expect(page.getByTestId("usage-value")).toBeVisible();

  await expectNoOverlap({
    add: page.getByTestId("add-options-button"),
    hotwords: page.getByTestId("hotwords-open"),
    usage: page.getByTestId("usage-indicator"),
    language: languagePicker(page),
    logout: page.getByTestId("logout-button"),
  });
  for (const id of ["usage-indicator", "logout-button", "add-options-button", "hotwords-open"]) await expectInsideViewport(page.getByTestId(id));
  await expectInsideViewport(languagePicker(page));
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  await page.screenshot({ path: test.info().outputPath("desktop-header-390.png") });

  // The menu fits here too.
  await page.getByTestId("add-options-button").click();
  await expectInsideViewport(page.getByTestId("add-options-menu"));
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // The choice lasts for the session: a reload stays on the desktop view.
  await page.reload();
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
});

test("in every language a free user's phone bar fits 390 px: the logo, Upgrade, the language globe, the account, Log out and + apart and on screen", async ({ page, baseURL }) => {
  // French once pushed "+" off the screen and squeezed the avatar under Log out: "Passer à Pro" beside "Français".
  await signIn(page, "e2e-mobile-bar-languages@example.com");
  for (const locale of locales) {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: locale, url: baseURL! }]);
    await page.goto("/transcribe/mobile");
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    const controls = {
      logo: page.getByTestId("mobile-home").getByTestId("brand"),
      upgrade: page.getByTestId("header-upgrade"),
      language: languagePicker(page),
      account: page.getByTestId("mobile-home").getByTestId("account-open"),
      logout: page.getByTestId("logout-button"),
      add: page.getByTestId("add-options-button"),
    };
    await expectNoOverlap(controls);
    for (const control of Object.values(controls)) await expectInsideViewport(control);
    // The avatar keeps its size (it was squeezed to 13 px).
    expect((await boxOf(controls.account)).width).toBeGreaterThanOrEqual(24);
    expect(await pageWidth(page), locale).toBeLessThanOrEqual(WIDTH);
    if (locale === "fr") await page.screenshot({ path: test.info().outputPath("mobile-bar-fr-390.png") });
  }

  // The globe alone still changes the language.
  await page.getByTestId("language-switcher").selectOption("de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.getByTestId("header-upgrade")).toBeVisible();
});
