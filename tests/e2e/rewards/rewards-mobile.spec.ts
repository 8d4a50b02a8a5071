import { expect, test } from "playwright/test";
import { signIn } from "../helpers";

// The phone's home bar has the rewards entry too: the referral section and the promo form open from it.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("on a phone the rewards dialog opens from the home bar", async ({ page }) => {
  await signIn(page, `e2e-rewards-phone-${Date.now()}@example.com`);
  await expect(page.getByTestId("mobile-home")).toBeVisible();
  await page.getByTestId("rewards-open").click();
  await expect(page.getByTestId("rewards-dialog")).toBeVisible();
  await expect(page.getByTestId("referral-code")).toHaveText(/^[0-9A-F]{10}$/);
  await expect(page.getByTestId("referral-link")).toHaveValue(/\/transcribe\/login\?ref=[0-9A-F]{10}$/);
  await page.getByTestId("promo-input").fill("NO-SUCH-CODE");
  await page.getByTestId("promo-submit").click();
  await expect(page.getByTestId("promo-error")).toHaveText("This promo code does not exist.");
  // The dialog fits the phone's width.
  const box = await page.getByTestId("rewards-dialog").boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
});
