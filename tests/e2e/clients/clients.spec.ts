import { expect, test, type Page } from "playwright/test";
import { docShot, pasteDocument, signIn } from "../helpers";

// Clients and browsers (docs/devices.md): the in-app browser warning, the desktop
// handoff, the mobile app banner and download page, the iOS upload help.

const WECHAT_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2d) NetType/WIFI Language/zh_CN";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.describe("in WeChat's browser", () => {
  test.use({ ...PHONE, userAgent: WECHAT_IPHONE, permissions: ["clipboard-read", "clipboard-write"] });

  test("the warning shows the address, copies it and gives 3 steps; 'continue here' hides it for the session", async ({ page }) => {
    await page.goto("/transcribe/login?ref=FRIEND1");
    const warning = page.getByTestId("inapp-warning");
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAttribute("data-app", "wechat");
    await expect(warning).toContainText("WeChat's built-in browser");
    await expect(page.getByTestId("inapp-address")).toHaveValue(page.url());
    await expect(page.getByTestId("inapp-steps").locator("li")).toHaveCount(3);
    await expect(page.getByTestId("inapp-steps")).toContainText("Open in browser");
    await page.screenshot({ path: docShot("clients-inapp-wechat-en.png") });

    await page.getByTestId("inapp-copy").click();
    await expect(page.getByTestId("toast-message").filter({ hasText: "Address copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    await page.getByTestId("inapp-continue").click();
    await expect(warning).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("login-email")).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});

test.describe("in WeChat's browser, in Chinese", () => {
  test.use({ ...PHONE, userAgent: WECHAT_IPHONE, locale: "zh-CN" });

  test("the warning speaks the page's language and names WeChat", async ({ page }) => {
    await page.goto("/transcribe/login");
    await expect(page.getByTestId("inapp-warning")).toContainText("微信的内置浏览器");
    await expect(page.getByTestId("inapp-steps")).toContainText("在浏览器中打开");
    await page.screenshot({ path: docShot("clients-inapp-wechat-zh.png") });
  });
});

test("an ordinary browser sees no in-app warning", async ({ page }) => {
  await page.goto("/transcribe/login");
  await expect(page.getByTestId("login-email")).toBeVisible();
  await expect(page.getByTestId("inapp-warning")).toHaveCount(0);
});

/** Init script: records window.open instead of handing a custom link to the operating system. */
function recordWindowOpen() {
  const opened: string[] = [];
  (window as unknown as { __opened: string[] }).__opened = opened;
  window.open = ((url?: string | URL) => {
    opened.push(String(url));
    return null;
  }) as typeof window.open;
}

/** Init script: when (ms since navigation start) the handoff dialog first appeared. */
function timeHandoffDialog() {
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid="desktop-handoff"]')) {
      (window as unknown as { __handoffAt: number }).__handoffAt = performance.now();
      observer.disconnect();
    }
  });
  document.addEventListener("DOMContentLoaded", () => observer.observe(document.body, { childList: true, subtree: true }));
}

const opened = (page: Page) => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened);

test("desktop handoff: origin=desktop and signed in, a dialog after 1 s opens the app's link with token and userId", async ({ page }) => {
  await signIn(page, "e2e-handoff@example.com");
  await page.addInitScript(recordWindowOpen);
  await page.addInitScript(timeHandoffDialog);
  await page.goto("/transcribe/?origin=desktop");
  await expect(page.getByTestId("desktop-handoff")).toBeVisible();
  // Not at once: one second after the page knows the user, so at least 1 s after navigation started.
  expect(await page.evaluate(() => (window as unknown as { __handoffAt: number }).__handoffAt)).toBeGreaterThanOrEqual(1000);
  expect(await page.evaluate(() => localStorage.getItem("origin"))).toBe("desktop");
  await page.screenshot({ path: docShot("clients-desktop-handoff-en.png") });

  const { token, userId } = await page.evaluate(() => ({
    token: localStorage.getItem("auth:token"),
    userId: (JSON.parse(localStorage.getItem("auth:user") ?? "{}") as { id?: string }).id,
  }));
  expect(token && userId).toBeTruthy();
  await page.getByTestId("desktop-handoff-open").click();
  await expect(page.getByTestId("desktop-handoff")).toHaveCount(0);
  const links = await opened(page);
  expect(links).toHaveLength(1);
  const link = new URL(links[0]!);
  expect(link.protocol).toBe("tingji:");
  expect(link.searchParams.get("token")).toBe(token);
  expect(link.searchParams.get("userId")).toBe(userId);
  // The stored origin is cleared and the parameter removed: the offer is not made again.
  expect(await page.evaluate(() => localStorage.getItem("origin"))).toBeNull();
  expect(new URL(page.url()).searchParams.has("origin")).toBe(false);
  await page.reload();
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId("desktop-handoff")).toHaveCount(0);
});

test("desktop handoff from the login page the app opened; 'stay' also ends it, and the download prompt lists the clients", async ({ page }) => {
  // The app opened the login page: the origin is remembered through the sign-in.
  await page.goto("/transcribe/login?origin=desktop");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("origin"))).toBe("desktop");
  await signIn(page, "e2e-handoff-login@example.com");
  await expect(page.getByTestId("desktop-handoff")).toBeVisible();
  await page.getByTestId("desktop-handoff-cancel").click();
  await expect(page.getByTestId("desktop-handoff")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("origin"))).toBeNull();

  // The desktop download prompt: from the dialog to the download page.
  await page.goto("/transcribe/?origin=desktop");
  await page.getByTestId("desktop-handoff-download").click();
  await expect(page.getByTestId("download-page")).toBeVisible();
  expect(new URL(page.url()).searchParams.has("origin")).toBe(false);
  await expect(page.getByTestId("download-windows-link")).toHaveAttribute("href", "https://downloads.example.test/tingji-setup-x64.exe");
  await expect(page.getByTestId("download-macos")).toContainText("Not available for download here yet.");
  await expect(page.getByTestId("download-ios-link")).toHaveAttribute("href", "https://apps.example.test/tingji-ios");
  await expect(page.getByTestId("download-android-link")).toHaveCount(0);
});

test.describe("on an iPhone", () => {
  test.use({ ...PHONE, userAgent: SAFARI_IPHONE });

  test("the mobile download prompt, the download page for this device and the iOS upload help", async ({ page }) => {
    await signIn(page, "e2e-iphone@example.com");
    await page.goto("/transcribe/mobile");
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    const banner = page.getByTestId("app-banner");
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute("data-platform", "ios");
    await expect(banner).toContainText("iPhone and iPad");
    await page.screenshot({ path: docShot("clients-app-banner-ios-en.png") });

    // The upload dialog points iPhone users at the help page.
    await page.getByTestId("add-options-button").click();
    await page.getByTestId("add-option-audio").click();
    await expect(page.getByTestId("ios-help-link")).toHaveAttribute("href", "/transcribe/ios-help");
    await page.goto("/transcribe/ios-help");
    await expect(page.getByTestId("ios-help")).toContainText("Uploading from iPhone and iPad");
    for (const section of ["memos", "photos", "apps"]) await expect(page.getByTestId(`ios-help-${section}`).locator("li").first()).toBeVisible();
    await expect(page.getByTestId("ios-help-memos")).toContainText("Save to Files");
    await page.screenshot({ path: docShot("clients-ios-help-en.png"), fullPage: true });

    await page.goto("/transcribe/mobile");
    await page.getByTestId("app-banner-get").click();
    await expect(page.getByTestId("download-ios")).toHaveAttribute("data-current", "true");
    await expect(page.getByTestId("download-windows")).toHaveAttribute("data-current", "false");

    // "Not now" keeps it away.
    await page.goto("/transcribe/mobile");
    await page.getByTestId("app-banner-dismiss").click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

/**
 * Init script: the browser's Notification API answering as localStorage "__e2e_answer" says —
 * granted, denied, default (a quiet prompt), never (no answer), nothing (settles empty), throw — or absent ("none").
 */
function scriptedNotifications() {
  const answer = localStorage.getItem("__e2e_answer") ?? "default";
  if (answer === "none") {
    delete (window as unknown as { Notification?: unknown }).Notification;
    return;
  }
  let permission = "default";
  const Fake = function Notification() {} as unknown as { permission: string; requestPermission: () => Promise<unknown> };
  Object.defineProperty(Fake, "permission", { get: () => permission });
  Fake.requestPermission = () => {
    if (answer === "throw") throw new Error("blocked");
    if (answer === "never") return new Promise(() => {});
    if (answer === "nothing") return Promise.resolve(undefined);
    if (answer !== "default") permission = answer;
    return Promise.resolve(answer);
  };
  Object.defineProperty(window, "Notification", { value: Fake, configurable: true, writable: true });
}

test("the notification prompt reports each outcome of the browser's answer", async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(scriptedNotifications);
  await signIn(page, "e2e-clients-notify@example.com");
  await pasteDocument(page, "Notification outcomes\nA short text so that there is a task to be told about.");
  const prompt = page.getByTestId("notify-prompt");
  await expect(prompt).toBeVisible();

  const ask = async (answer: string) => {
    await page.evaluate((a) => {
      localStorage.setItem("__e2e_answer", a);
      localStorage.removeItem("notify_prompt_dismissed");
    }, answer);
    await page.reload();
    await expect(prompt).toBeVisible();
    await page.getByTestId("notify-enable").click();
  };
  const toastSays = (text: string) => expect(page.getByTestId("toast-message").filter({ hasText: text })).toBeVisible();

  await ask("granted");
  await toastSays("Notifications are on.");
  await expect(prompt).toHaveCount(0);
  await ask("denied");
  await toastSays("re-enable them in your browser settings");
  await ask("default");
  await toastSays("blocked the request without showing it");
  await ask("nothing");
  await toastSays("gave no answer to the notification request");
  await ask("throw");
  await toastSays("could not be requested");
  await ask("never");
  await expect(page.getByTestId("notify-enable")).toBeDisabled();
  await page.clock.fastForward(30_000);
  await toastSays("No response to the notification request");
  await expect(prompt).toHaveCount(0);

  // Unsupported: nothing to ask, so no prompt.
  await page.evaluate(() => {
    localStorage.setItem("__e2e_answer", "none");
    localStorage.removeItem("notify_prompt_dismissed");
  });
  await page.reload();
  await expect(page.getByTestId("task-item").first()).toBeVisible();
  await expect(prompt).toHaveCount(0);
});

test("the version-update overlay fills over 20 s, then reloads with a timestamp", async ({ page }) => {
  await page.clock.install();
  await signIn(page, "e2e-clients-update@example.com");
  // The network fails for the task list (as during a deployment).
  const taskList = (url: URL) => url.pathname === "/api/transcription/tasks";
  await page.route(taskList, (route) => route.abort("failed"));
  await page.reload();
  const overlay = page.getByTestId("update-overlay");
  await expect(overlay).toBeVisible();
  const progress = page.getByTestId("update-overlay-progress");
  const percent = async () => Number(await progress.getAttribute("data-percent"));
  expect(await percent()).toBeLessThan(10);
  const before = await page.evaluate(() => Date.now());
  // Time stands still while the half-way figure is read: on a loaded machine a running clock moved it between
  // reading the number and reading the text (51% against "52%"), and once ran on to the reload. pauseAt refuses
  // a time already past, and a loaded machine once spent more than 50 ms between the two calls: 1 s ahead.
  await page.clock.pauseAt(before + 1000);

  await page.clock.fastForward(10_000);
  await expect.poll(percent).toBeGreaterThanOrEqual(50);
  // 11 s after `before` (the pause is 1 s ahead), plus the time the overlay had already run when `before` was read:
  // over a second on a loaded machine once (61%). Half-way give or take that; the reload below proves the 20 s.
  expect(await percent()).toBeLessThan(70);
  await expect(progress).toContainText(`${await percent()}%`);
  await page.screenshot({ path: docShot("clients-update-overlay-en.png") });

  await page.unroute(taskList);
  await page.clock.resume();
  await page.clock.fastForward(10_000);
  await page.waitForURL(/[?&]_t=\d+/);
  const stamp = Number(new URL(page.url()).searchParams.get("_t"));
  // The overlay started just before `before` was read, so the reload came about 20 s later.
  expect(stamp - before).toBeGreaterThanOrEqual(19_000);
  await expect(page.getByTestId("transcribe-home")).toBeVisible();
  await expect(overlay).toHaveCount(0);
});
