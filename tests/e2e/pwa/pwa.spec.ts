import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type BrowserContext, type Page, type Route } from "playwright/test";
import { openUpload, pasteDocument, scratchDir, signIn } from "../helpers";
import { CORPUS, E2E_BASE_URL, E2E_PUSH_PORT } from "../env";

// The service worker is what these specs test (the suite blocks it elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// The installable app (docs/devices.md "Install", "Offline", "Share into the app", "Push notifications") in
// Chromium. Lighthouse's PWA audit needs the network; these checks stand in for it: Chromium's own
// installability verdict (DevTools protocol), the service worker controlling the page, icons fetched.

/** The service worker in control of the page: once it is active (its precache done), a page loaded before that is
 * loaded again, as a user's next visit would be. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(async () => Boolean(await navigator.serviceWorker?.ready), null, { timeout: 60_000 });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 60_000 });
}

/** Offline for the page and its service worker alike (Chromium's offline emulation skips the worker's own fetches). */
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route("**/*", (route: Route) => (route.request().serviceWorker() ? route.abort("internetdisconnected") : route.fallback()));
}

/** What Android's share sheet does: a multipart POST to the manifest's share_target.action, as a navigation. */
async function shareIntoApp(page: Page, file: string): Promise<void> {
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "POST";
    form.action = "/transcribe/share-target";
    form.enctype = "multipart/form-data";
    const input = document.createElement("input");
    input.type = "file";
    input.name = "media";
    input.id = "share-input";
    form.appendChild(input);
    document.body.appendChild(form);
  });
  await page.setInputFiles("#share-input", file);
  // The page is on /transcribe already: wait for the share's own navigation (its address, before the home tidies it).
  let sharedParam: string | null = null;
  const shared = page.waitForURL((url) => /^\/transcribe(\/mobile)?$/.test(url.pathname) && (sharedParam = url.searchParams.get("shared")) !== null, { waitUntil: "commit" });
  await page.evaluate(() => (document.getElementById("share-input")!.parentElement as HTMLFormElement).submit());
  await shared;
  // shared=1: the service worker took the POST and kept the file (shared=0 is the server's answer without it).
  expect(sharedParam).toBe("1");
}

/** Chromium fires beforeinstallprompt only outside incognito, and Playwright's contexts are incognito-like: the
 * page gets the same event Chromium would send (preventable, with prompt()), recorded when the offer uses it.
 * Sent once the page's own listener is there (it prevents the event), as Chromium sends it after the page loaded. */
async function offerInstall(page: Page): Promise<boolean> {
  await expect.poll(() => dispatchInstallEvent(page), { timeout: 20_000 }).toBe(true);
  return true;
}

function dispatchInstallEvent(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<unknown> };
    event.prompt = async () => void ((window as unknown as { __prompted?: number }).__prompted = ((window as unknown as { __prompted?: number }).__prompted ?? 0) + 1);
    event.userChoice = Promise.resolve({ outcome: "accepted" });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

test("the app is installable: a valid manifest, icons that load, a service worker in control", async ({ page, context }) => {
  await signIn(page, `pwa-install-${Date.now()}@example.com`);
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/transcribe/manifest.webmanifest");
  const answer = await page.request.get(manifestHref!);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = (await answer.json()) as { name: string; start_url: string; scope: string; display: string; icons: { src: string; sizes: string; purpose: string }[]; shortcuts: unknown[]; share_target: { action: string } };
  expect(manifest.display).toBe("standalone");
  expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
  expect(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose === "maskable")).toBe(true);
  expect(manifest.shortcuts).toHaveLength(2);
  expect(manifest.share_target.action).toBe("/transcribe/share-target");
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const body = await png.body();
    // PNG signature, and the size the manifest claims (IHDR width at byte 16).
    expect(body.subarray(1, 4).toString()).toBe("PNG");
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  await page.reload();
  await controlled(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  // Playwright's contexts are incognito-like, where Chromium never installs; any other reason is a fault of ours.
  expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);
  // The interface language decides the manifest's words.
  const zh = await page.request.get(manifestHref!, { headers: { cookie: "NEXT_LOCALE=zh", "accept-language": "zh-CN" } });
  expect(((await zh.json()) as { shortcuts: { name: string }[] }).shortcuts[0]!.name).toBe("录音");
});

test("offline, a transcript opened before is still there, read-only, under an offline banner", async ({ page, context }) => {
  await signIn(page, `pwa-offline-${Date.now()}@example.com`);
  const title = `Offline notes ${Date.now()}`;
  await pasteDocument(page, `${title}\nThe quarterly budget moves to the research team next spring.`);
  const item = page.getByTestId("task-item").filter({ hasText: title }).first();
  await expect(item).toHaveAttribute("data-status", /completed/, { timeout: 60_000 });
  await item.getByTestId("task-open").click();
  await expect(page.getByText("The quarterly budget moves to the research team next spring.").first()).toBeVisible();
  await controlled(page);
  const address = page.url();

  await goOffline(context);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.getByText("The quarterly budget moves to the research team next spring.").first()).toBeVisible({ timeout: 30_000 });
  expect(page.url()).toBe(address);

  // What was kept is this user's alone, and logging out deletes it (docs/devices.md "Offline").
  await context.unroute("**/*");
  await context.setOffline(false);
  expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("tingji-reads-")).length)).toBe(1);
  await page.getByTestId("logout-button").click();
  await page.waitForURL(/\/transcribe\/login/);
  expect(await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith("tingji-reads-") || n === "tingji-pages").length)).toBe(0);
});

test("a file shared into the app opens the upload dialog with it chosen", async ({ page }) => {
  await signIn(page, `pwa-share-${Date.now()}@example.com`);
  await page.reload();
  await controlled(page);
  const clip = path.join(scratchDir(), "shared-voice-memo.wav");
  fs.copyFileSync(path.join(CORPUS, "single/en_LJ001-0001.wav"), clip);
  await shareIntoApp(page, clip);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId("upload-file-row")).toContainText("shared-voice-memo");
});

test("a file shared while signed out is still there after signing in", async ({ page }) => {
  await page.goto("/transcribe/login");
  await controlled(page);
  const clip = path.join(scratchDir(), "signed-out-memo.wav");
  fs.copyFileSync(path.join(CORPUS, "single/en_LJ001-0001.wav"), clip);
  await shareIntoApp(page, clip);
  // The home is for signed-in users: the share lands on the login page, and the file waits.
  await page.waitForURL(/\/transcribe\/login/);
  await expect(page.getByTestId("login-shared-note")).toContainText("file you shared");
  await signIn(page, `pwa-share-out-${Date.now()}@example.com`);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByTestId("upload-file-row")).toContainText("signed-out-memo");
});

test("a push subscription is made for this device and listed, then turned off", async ({ page, context }) => {
  // Chromium's own push service (Google's) is unreachable here: the browser's PushManager is stood in by one that
  // answers a subscription at a loopback push service, with a real P-256 key and auth secret made by this test.
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
  const endpoint = `http://127.0.0.1:${E2E_PUSH_PORT}/push/e2e-${Date.now()}`;
  await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
  await page.addInitScript(
    ({ endpoint, keys }) => {
      let current: unknown = null;
      const make = () => ({ endpoint, toJSON: () => ({ endpoint, keys }), unsubscribe: async () => ((current = null), true) });
      PushManager.prototype.subscribe = async function () {
        current = make();
        return current as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return current as PushSubscription | null;
      };
    },
    { endpoint, keys },
  );
  await signIn(page, `pwa-push-${Date.now()}@example.com`);
  await page.reload();
  await controlled(page);
  await page.getByTestId("account-open").first().click();
  const section = page.getByTestId("push-devices");
  await expect(section).toBeVisible();
  await section.getByTestId("push-turn-on").click();
  await expect(section.getByTestId("push-device")).toHaveCount(1);
  await expect(section.getByTestId("push-device")).toContainText(/Chrome/);
  await section.getByTestId("push-device-off").click();
  await expect(section.getByTestId("push-device")).toHaveCount(0);
});

test("the install offer comes once, after the first finished transcript, in the app's own style", async ({ page }) => {
  const offer = () => offerInstall(page);
  await signIn(page, `pwa-offer-${Date.now()}@example.com`);
  expect(await offer()).toBe(true); // our page keeps the browser's own banner away
  await expect(page.getByTestId("install-prompt")).toHaveCount(0); // nothing finished yet: no offer
  const title = `Install offer ${Date.now()}`;
  await pasteDocument(page, `${title}\nThe first finished transcript makes the app worth keeping.`);
  await expect(page.getByTestId("task-item").filter({ hasText: title }).first()).toHaveAttribute("data-status", /completed/, { timeout: 60_000 });
  await page.reload();
  await offer();
  const card = page.getByTestId("install-prompt");
  await expect(card).toBeVisible();
  await card.getByTestId("install-accept").click();
  await expect(card).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __prompted?: number }).__prompted)).toBe(1);
  // Offered once: another visit with the browser's event again shows nothing.
  await page.reload();
  await offer();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId("install-prompt")).toHaveCount(0);
});

test.describe("in the Chinese interface", () => {
  test.use({ locale: "zh-CN" });

  test("a file chosen offline waits in the upload dialog, and goes out once the network is back and the user says so", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
    await signIn(page, `pwa-offline-upload-${Date.now()}@example.com`);
    const clip = path.join(scratchDir(), "offline-memo.wav");
    fs.copyFileSync(path.join(CORPUS, "single/en_LJ001-0001.wav"), clip);
    await openUpload(page, "audio");
    await page.getByTestId("upload-file-input").setInputFiles(clip);
    await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
    // The clip is English: a Chinese interface would otherwise ask the English-only embedded engine for Chinese.
    await page.getByTestId("upload-language").selectOption("en");
    await expect(page.getByTestId("upload-submit")).toBeEnabled();

    await goOffline(context);
    await page.getByTestId("upload-submit").click();
    const waiting = page.getByTestId("upload-waiting-network");
    await expect(waiting).toContainText("离线");
    await expect(page.getByTestId("upload-send-now")).toHaveCount(0);
    await expect(page.getByTestId("upload-file-row")).toHaveCount(1);

    await context.unroute("**/*");
    await context.setOffline(false);
    await expect(page.getByTestId("upload-send-now")).toBeVisible();
    await expect(page.getByTestId("upload-file-row")).toContainText("offline-memo");
    await page.getByTestId("upload-send-now").click();
    // One task, made once: nothing went out while offline, and the confirmed send made exactly one.
    const item = page.getByTestId("task-item").filter({ hasText: "offline-memo" });
    await expect(item).toHaveCount(1, { timeout: 30_000 });
    await page.waitForTimeout(1_000);
    await expect(item).toHaveCount(1);
  });
});

test.describe("on a phone, in Chinese", () => {
  test.use({ locale: "zh-CN", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a shared recording opens the phone's upload dialog, and the install offer fits the screen", async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
    await signIn(page, `pwa-phone-${Date.now()}@example.com`);
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await page.reload();
    await controlled(page);
    const clip = path.join(scratchDir(), "phone-voice-memo.wav");
    fs.copyFileSync(path.join(CORPUS, "single/en_LJ001-0001.wav"), clip);
    await shareIntoApp(page, clip);
    await expect(page.getByTestId("mobile-home")).toBeVisible();
    await expect(page.getByTestId("upload-file-row")).toContainText("phone-voice-memo", { timeout: 30_000 });
    // Sent as the phone sends it; its first finished transcript brings the install offer.
    await page.getByTestId("upload-language").selectOption("en");
    await page.getByTestId("upload-submit").click();
    // The phone opens the new task; its transcript shows once it is done.
    await expect(page.getByTestId("transcript-entry").first()).toBeVisible({ timeout: 90_000 });
    await page.reload();
    await offerInstall(page);
    const card = page.getByTestId("install-prompt");
    await expect(card).toBeVisible();
    await expect(card).toContainText(/[\u4e00-\u9fff]/);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: path.join(scratchDir(), "install-offer-390-zh.png") });
  });
});
