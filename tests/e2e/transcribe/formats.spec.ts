import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "playwright/test";
import { switchLanguage } from "../folders/folder-steps";
import { CORPUS, docShot, openUpload, scratchDir, signIn, uploadAndOpen } from "../helpers";

// Issue 24: FLAC and MPEG-1 go through the upload dialog like any recording; the dialog names
// the common formats, in the user's language, without overflowing a phone.
const MPG = path.join(CORPUS, "video/grid_id2_vcd_swwp2s.mpg");

/** The JFK clip as FLAC, made here with ffmpeg. */
function jfkFlac(): string {
  const out = path.join(scratchDir(), "jfk-speech.flac");
  if (!fs.existsSync(out)) execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path.join(CORPUS, "single/en_jfk.wav"), "-c:a", "flac", out]);
  return out;
}

/** The player's media once it has loaded: its element kind and length in seconds. */
async function playerMedia(page: Page) {
  const player = page.getByTestId("media-player");
  await expect.poll(() => player.evaluate((el: HTMLMediaElement) => el.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  return { kind: await player.getAttribute("data-kind"), seconds: await player.evaluate((el: HTMLMediaElement) => el.duration) };
}

test.describe("on a computer, in English", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("the hint names the common formats; a FLAC and an MPEG-1 video are uploaded, transcribed and played", async ({ page }) => {
    await signIn(page, "e2e-formats@example.com");
    await page.getByTestId("add-options-button").click();
    await expect(page.getByTestId("add-option-audio")).toContainText("MP3, M4A, WAV, FLAC, OPUS and more");
    await expect(page.getByTestId("add-option-video")).toContainText("MP4, MOV, MKV, WebM, MPG and more");
    await page.getByTestId("add-options-button").click();

    await openUpload(page, "audio");
    await expect(page.getByTestId("upload-formats")).toHaveText("MP3, M4A, WAV, FLAC, OPUS, MP4, MOV, MKV, WebM and more");
    const accept = (await page.getByTestId("upload-file-input").getAttribute("accept"))!.split(",");
    for (const ext of [".flac", ".mpg", ".mkv", ".wma", ".amr"]) expect(accept).toContain(ext);
    await page.screenshot({ path: docShot("upload-formats-1366-en.png") });
    await page.getByTestId("upload-close").click();

    // FLAC: taken in the browser, transcribed, and played as it came (browsers play FLAC).
    await uploadAndOpen(page, "audio", jfkFlac());
    expect((await page.getByTestId("transcript").textContent())!.toLowerCase()).toMatch(/\b(country|fellow|americans|ask)\b/);
    const flac = await playerMedia(page);
    expect(flac.kind).toBe("audio");
    expect(flac.seconds).toBeCloseTo(11, 0);

    // MPEG-1 video: a video task, played from its sound (browsers cannot play MPEG-1), 3 s long.
    const item = await uploadAndOpen(page, "video", MPG);
    await expect(item).toHaveAttribute("data-status", "completed");
    const mpg = await playerMedia(page);
    expect(mpg.kind).toBe("audio");
    expect(Math.abs(mpg.seconds - 3)).toBeLessThan(0.1);
  });
});

test.describe("on a phone, in Chinese", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the hint lists the formats in Chinese and fits the screen", async ({ page }) => {
    await signIn(page, "e2e-formats-zh@example.com");
    await switchLanguage(page, "zh");
    await openUpload(page, "video");
    const hint = page.getByTestId("upload-formats");
    await expect(hint).toHaveText("支持 MP3、M4A、WAV、FLAC、OPUS、MP4、MOV、MKV、WebM 等格式");
    const box = (await hint.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // Nothing in the drop zone runs past its edge.
    const zone = page.getByTestId("upload-dropzone");
    expect(await zone.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.screenshot({ path: docShot("upload-formats-390-zh.png") });
  });
});
