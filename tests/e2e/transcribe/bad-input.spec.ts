import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "playwright/test";
import { CORPUS, openUpload, scratchDir, signIn } from "../helpers";

function file(name: string, content: string | Buffer) {
  const p = path.join(scratchDir(), name);
  fs.writeFileSync(p, content);
  return p;
}

test("bad files get their catalogue message and no task is half-made", async ({ page }) => {
  await signIn(page, "e2e-bad-input@example.com");
  await expect(page.getByTestId("task-list-empty")).toBeVisible();

  // Checked in the browser before anything is sent: empty, too large, wrong type, an 11th file.
  await openUpload(page, "audio");
  const input = page.getByTestId("upload-file-input");
  await input.setInputFiles(file("silence.wav", ""));
  await expect(page.getByTestId("upload-problem")).toHaveText("The file is empty: silence.wav");

  const huge = path.join(scratchDir(), "lecture.mp3");
  execFileSync("truncate", ["-s", String(301 * 1024 * 1024), huge]);
  await input.setInputFiles(huge);
  await expect(page.getByTestId("upload-problem")).toHaveText("Audio file size cannot exceed 300MB: lecture.mp3");

  await input.setInputFiles(file("notes.txt", "meeting notes"));
  await expect(page.getByTestId("upload-problem")).toHaveText(/^Unsupported file type: notes\.txt\./);

  const eleven = Array.from({ length: 11 }, (_, i) => {
    const p = path.join(scratchDir(), `clip-${i + 1}.wav`);
    fs.copyFileSync(path.join(CORPUS, "single/en_LDC93S1.wav"), p);
    return p;
  });
  await input.setInputFiles(eleven);
  await expect(page.getByTestId("upload-file-row")).toHaveCount(10);
  await expect(page.getByTestId("upload-problem")).toHaveText("File count limit exceeded: at most 10 files at a time");
  await page.getByTestId("upload-clear").click();
  await expect(page.getByTestId("upload-file-row")).toHaveCount(0);

  // Checked by content on the server: a text file named .mp3, and a damaged recording.
  await input.setInputFiles(file("song.mp3", "this is plain text, not audio\n".repeat(200)));
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("upload-error")).toHaveText(/^Unsupported file type: song\.mp3\./);

  const wav = fs.readFileSync(path.join(CORPUS, "single/en_jfk.wav"));
  const corrupt = Buffer.concat([wav.subarray(0, 44), Buffer.alloc(4000, 0x7f).map((_, i) => (i * 7919) % 251)]);
  await page.getByTestId("upload-clear").click();
  await input.setInputFiles(file("damaged.mp3", Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00"), corrupt])));
  await page.getByTestId("upload-submit").click();
  await expect(page.getByTestId("upload-error")).toBeVisible();
  const message = await page.getByTestId("upload-error").textContent();
  expect(message).toMatch(/damaged\.mp3/);

  await page.getByTestId("upload-close").click();
  await expect(page.getByTestId("task-list-empty")).toBeVisible();
  await expect(page.getByTestId("task-item")).toHaveCount(0);
});
