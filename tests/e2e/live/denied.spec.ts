import { expect, test } from "playwright/test";
import { signIn } from "../helpers";
import { fakeCaptureLaunch } from "./live-helpers";

// Without the fake-UI flag headless Chromium answers the permission prompt with "deny".
test.use({ launchOptions: fakeCaptureLaunch("single/en_jfk.wav", { fakeUi: false }), viewport: { width: 1366, height: 900 } });

test("a denied microphone says what to do, in English and in Chinese, and starts no recording", async ({ page }) => {
  await signIn(page, "e2e-live-denied@example.com");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-record").click();
  await page.getByTestId("live-source-mic").check();
  await page.getByTestId("live-start").click();
  const error = page.getByTestId("live-error");
  await expect(error).toHaveAttribute("data-code", "micDenied");
  await expect(error).toContainText("Allow it for this site");
  await expect(page.getByTestId("live-recording")).toHaveCount(0);
  await page.getByTestId("live-close").click();

  await page.getByTestId("language-switcher").selectOption("zh");
  await page.getByTestId("add-options-button").click();
  await page.getByTestId("add-option-record").click();
  // A Chinese interface proposes Chinese speech, which the English-only embedded engine refuses: the clip is English.
  await page.getByTestId("live-language").selectOption("en");
  await page.getByTestId("live-start").click();
  await expect(page.getByTestId("live-error")).toContainText("浏览器没有使用麦克风的权限");
  // Nothing was started on the server.
  const open = await page.evaluate(async () => {
    const res = await fetch("/api/live/sessions?open=1", { headers: { Authorization: `Bearer ${localStorage.getItem("auth:token")}` } });
    return ((await res.json()) as { data: { sessions: unknown[] } }).data.sessions.length;
  });
  expect(open).toBe(0);
});
