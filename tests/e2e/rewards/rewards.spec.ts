import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { signIn } from "../helpers";

// Issue 11 "Referral, promo codes, rewards": a code made with the operator command is
// redeemed in the rewards dialog and the usage total rises; a friend who signs up through
// the referral link credits the referrer, who sees +100 in the referral section.

/** `npm run promo -- create …` against the e2e server's database; prints the new code. */
function createPromo(args: string[]): string {
  const out = execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/promo.ts", "create", ...args], {
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
  });
  return out.trim().split("\n").at(-1)!;
}

async function usageTotal(page: Page): Promise<number> {
  return Number(await page.getByTestId("usage-indicator").getAttribute("data-total"));
}

async function openRewards(page: Page) {
  await page.getByTestId("rewards-open").click();
  await expect(page.getByTestId("rewards-dialog")).toBeVisible();
  await expect(page.getByTestId("referral-code")).toBeVisible();
}

test("a promo code is redeemed in the rewards dialog and the usage total rises", async ({ page }) => {
  await signIn(page, `e2e-promo-${Date.now()}@example.com`);
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-total", /\d+/);
  const before = await usageTotal(page);
  const code = createPromo(["--minutes", "500", "--expires", "2099-01-31", "--uses", "100"]);

  await openRewards(page);
  // Empty, then unknown: the message shows in place and the typed text stays.
  await page.getByTestId("promo-submit").click();
  await expect(page.getByTestId("promo-error")).toHaveText("Please enter a promo code.");
  await page.getByTestId("promo-input").fill("NO-SUCH-CODE");
  await page.getByTestId("promo-submit").click();
  await expect(page.getByTestId("promo-error")).toHaveText("This promo code does not exist.");
  await expect(page.getByTestId("promo-input")).toHaveValue("NO-SUCH-CODE");

  await page.getByTestId("promo-input").fill(code.toLowerCase());
  await page.getByTestId("promo-submit").click();
  await expect(page.getByTestId("promo-success")).toContainText("500");
  await expect(page.getByTestId("referral-bonus-minutes")).toHaveAttribute("data-value", "500");
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-total", String(before + 500));

  await page.getByTestId("promo-input").fill(code);
  await page.getByTestId("promo-submit").click();
  await expect(page.getByTestId("promo-error")).toHaveText("You have already used this promo code.");
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-total", String(before + 500));
});

test("a friend signing up through the referral link credits the referrer with 100 minutes", async ({ page, browser }) => {
  await signIn(page, `e2e-referrer-${Date.now()}@example.com`);
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-total", /\d+/);
  const before = await usageTotal(page);
  await openRewards(page);
  await expect(page.getByTestId("referral-bonus-minutes")).toHaveAttribute("data-value", "0");
  await expect(page.getByTestId("referral-count")).toHaveAttribute("data-value", "0");
  const code = (await page.getByTestId("referral-code").textContent())!.trim();
  const link = await page.getByTestId("referral-link").inputValue();
  expect(link).toContain(`ref=${code}`);

  // The friend, in a browser of their own, follows the link and signs up.
  const friend = await browser.newContext();
  const friendPage = await friend.newPage();
  await friendPage.goto(link);
  await expect.poll(() => friendPage.evaluate(() => localStorage.getItem("auth:referralCode"))).toBe(code);
  await signIn(friendPage, `e2e-friend-${Date.now()}@example.com`);
  await friend.close();

  await page.keyboard.press("Escape");
  await expect(page.getByTestId("rewards-dialog")).toBeHidden();
  await openRewards(page);
  await expect(page.getByTestId("referral-bonus-minutes")).toHaveAttribute("data-value", "100");
  await expect(page.getByTestId("referral-count")).toHaveAttribute("data-value", "1");
  await page.reload();
  await expect(page.getByTestId("usage-indicator")).toHaveAttribute("data-total", String(before + 100));
});
