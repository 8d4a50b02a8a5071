import { execFileSync } from "node:child_process";
import path from "node:path";
import { Client } from "pg";
import { expect, test, type Page } from "playwright/test";
import { E2E_DATABASE_URL } from "../env";
import { CORPUS, openUpload, scratchDir, signIn } from "../helpers";

// Name a speaker with "Remember this voice"; a second recording of the same
// voice (other clips of LJSpeech's reader) gets that name as a suggestion;
// confirm it; delete the profile from the account panel.

/** Clips of one reader joined into one WAV in the scratch folder. */
function joined(name: string, clips: string[]): string {
  const out = path.join(scratchDir(), `${name}.wav`);
  const inputs = clips.flatMap((c) => ["-i", path.join(CORPUS, "single", c)]);
  const filter = `${clips.map((_, i) => `[${i}:a]`).join("")}concat=n=${clips.length}:v=0:a=1[a]`;
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", ...inputs, "-filter_complex", filter, "-map", "[a]", "-ar", "16000", "-ac", "1", out]);
  return out;
}

async function makePro(email: string) {
  const db = new Client({ connectionString: E2E_DATABASE_URL });
  await db.connect();
  try {
    await db.query(`UPDATE "User" SET "planCode"='pro' WHERE email=$1`, [email]);
  } finally {
    await db.end();
  }
}

/** Uploads one reader's recording, saying it has one speaker (as the uploader knows), and opens its transcript. */
async function uploadOneVoice(page: Page, file: string) {
  await openUpload(page, "audio");
  await page.getByTestId("upload-file-input").setInputFiles(file);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(1);
  await page.getByTestId("upload-speaker-count").selectOption("1");
  // The clips are English (a Chinese interface would propose Chinese, which the embedded engine refuses).
  await page.getByTestId("upload-language").selectOption("en");
  await page.getByTestId("upload-submit").click();
  const item = page.getByTestId("task-item").filter({ hasText: path.parse(file).name }).first();
  await item.getByTestId("task-open").click();
  await expect(item).toHaveAttribute("data-status", "completed", { timeout: 120_000 });
  await expect(page.getByTestId("transcript-entry").first()).toBeVisible();
}

async function speakerItem(page: Page) {
  const items = page.getByTestId("speakers-panel").getByTestId("speaker-item");
  await expect(items).toHaveCount(1);
  return items.first();
}

test("remember a voice, see it suggested in the next recording, confirm it, delete the profile", async ({ page }) => {
  test.setTimeout(360_000);
  const email = "e2e-voice-profiles@example.com";
  await signIn(page, email);
  await makePro(email);
  // The stored user (plan "free") is dropped, so the page fetches it again with the new plan.
  await page.evaluate(() => localStorage.removeItem("auth:user"));
  await page.reload();

  // 1. Name the reader of the first recording and remember the voice.
  await uploadOneVoice(page, joined("reader-monday", ["en_LJ001-0001.wav", "en_LJ001-0005.wav"]));
  await (await speakerItem(page)).getByTestId("speaker-edit").click();
  const dialog = page.getByTestId("speaker-rename-dialog");
  await expect(dialog.getByTestId("remember-voice-note")).toContainText("Account → Voice profiles");
  await dialog.getByTestId("speaker-rename-input").fill("Linda");
  await dialog.getByTestId("remember-voice").check();
  await dialog.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: "Voice remembered as Linda" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("voice-match-confirmed")).toBeVisible();

  // 2. A second recording of the same voice, other sentences: named "Linda", as a suggestion with its confidence.
  await uploadOneVoice(page, joined("reader-tuesday", ["en_LJ001-0003.wav", "en_LJ001-0007.wav"]));
  const item = await speakerItem(page);
  await expect(item.getByTestId("speaker-name")).toHaveText("Linda");
  const suggested = item.getByTestId("voice-match-suggested");
  await expect(suggested).toBeVisible();
  await expect(suggested).toContainText(/Suggested · \d+%/);
  await page.screenshot({ path: path.join(scratchDir(), "voice-suggested-1366.png") });

  // 3. One click confirms it.
  await item.getByTestId("voice-match-confirm").click();
  await expect(item.getByTestId("voice-match-confirmed")).toBeVisible();
  await expect(item.getByTestId("voice-match-suggested")).toHaveCount(0);

  // 4. The account panel lists the profile with both recordings; deleting it removes it.
  await page.getByTestId("account-open").click();
  const account = page.getByTestId("account-dialog");
  const profile = account.getByTestId("voice-profile").filter({ hasText: "Linda" });
  await expect(profile).toContainText("In 2 recordings");
  await expect(profile).toContainText("reader-monday");
  await expect(profile).toContainText("reader-tuesday");
  // The panel at phone width too (the account panel is the phone's as well).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(profile).toBeVisible();
  await page.screenshot({ path: path.join(scratchDir(), "voice-profiles-390.png") });
  await page.setViewportSize({ width: 1366, height: 900 });
  await profile.getByTestId("voice-profile-delete").click();
  await page.getByTestId("confirm-dialog").getByTestId("confirm-ok").click();
  await expect(account.getByTestId("voice-profiles-empty")).toBeVisible();
  await expect(account.getByTestId("voice-profile")).toHaveCount(0);
});

test("on a phone, in Chinese, a suggested name shows its confidence, one tap undoes it, and re-detecting suggests it again", async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  const email = `e2e-voice-phone-${Date.now()}@example.com`;
  const desk = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, locale: "zh-CN" });
  await desk.addCookies([{ name: "NEXT_LOCALE", value: "zh", url: baseURL! }]);
  const page = await desk.newPage();
  await signIn(page, email);
  await makePro(email);
  await page.evaluate(() => localStorage.removeItem("auth:user"));
  await page.reload();
  await uploadOneVoice(page, joined("reader-wednesday", ["en_LJ001-0001.wav", "en_LJ001-0005.wav"]));
  await (await speakerItem(page)).getByTestId("speaker-edit").click();
  const dialog = page.getByTestId("speaker-rename-dialog");
  await expect(dialog.getByTestId("remember-voice-note")).toContainText("声纹档案");
  await dialog.getByTestId("speaker-rename-input").fill("林达");
  await dialog.getByTestId("remember-voice").check();
  await dialog.getByTestId("speaker-rename-save").click();
  await expect(page.getByTestId("toast-message").filter({ hasText: "已记住 林达 的声音" })).toBeVisible({ timeout: 60_000 });
  await uploadOneVoice(page, joined("reader-thursday", ["en_LJ001-0003.wav", "en_LJ001-0007.wav"]));
  const state = await desk.storageState();
  await desk.close();

  // The same account on a phone: the newest recording, its speakers tab.
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "zh-CN", storageState: state });
  const phone = await phoneContext.newPage();
  await phone.goto("/transcribe/");
  await expect(phone.getByTestId("mobile-home")).toBeVisible();
  await phone.getByTestId("task-item").filter({ hasText: "reader-thursday" }).getByTestId("task-open").click();
  await phone.getByTestId("mobile-tab-speakers").click();
  const item = phone.getByTestId("mobile-panel-speakers").getByTestId("speaker-item").first();
  await expect(item.getByTestId("speaker-name")).toHaveText("林达");
  await expect(item.getByTestId("voice-match-suggested")).toContainText(/建议 · \d+%/);
  // Fits the phone: the confirm and undo buttons are inside the screen.
  for (const id of ["voice-match-confirm", "voice-match-undo"]) {
    const box = (await item.getByTestId(id).boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await phone.screenshot({ path: path.join(scratchDir(), "voice-suggested-390-zh.png") });
  await item.getByTestId("voice-match-undo").click();
  await expect(phone.getByTestId("toast-message").filter({ hasText: "已撤销建议" })).toBeVisible();
  await expect(item.getByTestId("voice-match-suggested")).toHaveCount(0);
  await expect(item.getByTestId("speaker-name")).not.toHaveText("林达");

  // Re-detecting the speakers applies the profiles again: the new speaker is suggested as 林达 when the task rests.
  await phone.getByTestId("speaker-redetect-open").click();
  await phone.getByTestId("speaker-redetect-count").selectOption("1");
  await phone.getByTestId("speaker-redetect-start").click();
  await expect(item.getByTestId("voice-match-suggested")).toContainText(/建议 · \d+%/, { timeout: 120_000 });
  await expect(item.getByTestId("speaker-name")).toHaveText("林达");
  await phoneContext.close();
});
